// Package resolve answers, for any board, its exact distance from the goal,
// every optimal first move and an optimal solution, one board at a time or
// in bulk; it is the logic behind cmd/query.
//
// A Resolver finds the source of answers (an Oracle) for each goal, in
// one place that every front end shares (the command line, the page of
// package serve, the figures of report/suite), safe for concurrent use and
// bounded in the bytes it holds: the table file given, else
// the embedded or cached table (store.LoadTable), else a table built in
// memory for spaces of at most DefaultBuildLimit boards, else search —
// IDA* on the pattern databases found for the board's shape and goal
// (Config.PDBDir before the cache folder, Config.Partition to choose; the
// 15-puzzle's 6-6-3 built when there are none, and cached when the cache
// folder can be written) in the fast engine of package solver, or the
// generic IDA* of package search on Manhattan distance plus linear
// conflict. Every answer names its heuristic (Answer.Heuristic).
//
// Batch reads boards one per line and writes records through a
// RecordWriter in one of three formats, in input order:
//
//	Plain  8,6,7,2,5,4,3,0,1<TAB>31<TAB>Up Left Right[<TAB>path]
//	JSON   {"board":"8,6,7,2,5,4,3,0,1","distance":31,"optimal_moves":["Up","Left","Right"],"path":["Up",…],"heuristic":"table"}
//	       {"line":4,"input":"1,2,9","error":"…"}
//	CSV    board,distance,optimal_moves,path,error
//	       "8,6,7,2,5,4,3,0,1",31,Up Left Right,Up Up …,
//	       "1,2,9",,,,"…"
//
// Answers found by search add nodes, seconds and the heuristic: three
// more tab-separated columns after the path (empty without
// Options.Path) in plain lines, the keys nodes and seconds in JSON, and
// the columns nodes,seconds,heuristic before error in CSV
// (Options.SearchColumns). Their optimal moves are "?" (left out in
// JSON) unless Config.AllMoves.
//
// Moves name where the blank goes (Up, Down, Left, Right). With
// Options.TileMoves they name the tile that slides and its direction
// instead, written as one word: "5Down" is the blank's Up when tile 5 is
// above it.
//
// The batch path is built for throughput: ParseBoard reads the common
// board forms straight from the input bytes, table lookups allocate
// nothing, and records are appended into one reused buffer.
package resolve
