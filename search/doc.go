// Package search holds the classroom search algorithms for sliding-tile
// puzzles of any shape and goal — BFS, DFS (graph search with a global
// visited set, unlimited or depth-limited), depth-limited tree search and
// IDDFS on it, UCS with a pluggable step cost, A*, greedy best-first, the
// gain-score hill climber of the climber report under each reading of its rules
// (ClimberRule), and IDA* — each returning its path and exact counters.
// The reports built on them (the COMS 4701 output.txt, the side-by-side
// comparison, the DFS explanation, the climber's statistics) are in package
// classroom.
//
// Every algorithm is a Func: it takes a context.Context, which stops it
// (Result.StoppedBy StopCanceled, with the context's error), and a Problem;
// it returns an error when the problem cannot be searched, and otherwise a
// Result whose StoppedBy says, as a typed StopReason, whether and why it
// stopped short of the goal.
//
// # Semantics shared by every algorithm
//
// Children are generated in Up, Down, Left, Right order (moves of the
// blank); stacks push them in reverse so they pop in that order. A node is
// tested for the goal when it is taken from the frontier, not when it is
// generated, and the goal node is not counted as expanded (the COMS 4701
// rules, which reproduce its published counts). Expanded counts nodes
// whose children were generated; Generated counts children made (legal
// moves applied, including those then skipped as already seen); MaxFrontier
// is the largest number of entries the frontier held; MaxSearchDepth is the
// depth of the deepest node ever added to the frontier.
//
// PeakBytes is counted by the algorithm from its own structures, never read
// from the Go runtime, and it is what they allocated, not what they hold:
// the graph searches (BFS, DFS, UCS, A*, greedy, the climber) count every
// container by capacity (a hash table's empty slots, at most half full;
// an arena's whole chunks of 1,024 nodes; a slice's spare room, grown by
// doubling) and, while a container grows, its old and new arrays
// together; PeakBytes is the most held at once. Sizes: an arena node
// (board, move, parent, depth) is 44 bytes (56 with a float64 cost); a
// visited-set slot is 16 bytes (the board packed into a statespace.Key,
// 128 bits for boards of up to 25 cells); a state→node index slot is 20
// bytes; a stack entry is 4 bytes (an arena index) or 40 bytes (a board,
// move and depth, in the tree searches); a heap entry is 16 bytes. The
// tree searches (DLS, IDDFS, IDA*), whose memory is their path, count
// entries (a path entry is 17 bytes: packed board and move). Like RSS it
// includes the spare room; unlike RSS it is the same on every run.
//
// Before each expansion a graph search adds what that expansion could
// allocate (each growing container's new array) to what it holds and to
// what the OnStep hook keeps (Problem.HookBytes a call); past
// Limits.MaxBytes it stops with StopByteLimit. So the live heap of a
// search never passes MaxBytes. The process's resident size is more: the
// Go runtime frees the arrays a container outgrew only at its next
// collection (by default the heap may reach twice what is live), so the
// commands that run searches set the runtime's soft memory limit to what
// they hold before the searches plus MaxBytes and a margin (the classroom
// command does).
//
// Limits: zero fields take the defaults (DefaultMaxExpanded expansions and
// DefaultMaxTime on boards of at most 9 cells, DefaultMaxBytes of
// PeakBytes on every board); on larger boards one of MaxExpanded and
// MaxTime must be set. The byte limit is what bounds memory: a node or
// time limit alone let a 12-cell DFS hold gigabytes. A search stopped by
// a limit says so in Result.StoppedBy (StopNodeLimit, StopTimeLimit,
// StopDepthLimit, StopByteLimit); that is not an error. A start that cannot reach the goal is an error at once
// (with the parity explanation; see Check) instead of being discovered by
// exhausting half of all permutations.
package search
