// Package resolve answers, for any board, its exact distance from the goal,
// every optimal first move and an optimal solution; it is the logic behind
// cmd/query and the page's answers. How answers are written is package
// record's job; reading boards in bulk is the query command's.
//
// A Resolver gives the oracle of each goal, cached and bounded, in one
// place that every front end shares (the command line, the page of
// package serve, the figures of report/suite), safe for concurrent use and
// bounded in the bytes it holds: the table handed in (Config.Table), else
// the embedded or cached table (store.LoadTable), else a table built in
// memory for spaces of up to 10 cells (Config.BuildLimit), else search —
// IDA* on the pattern databases found for the goal (Config.PDBDir before
// the cache folder, Config.Partition to choose; the 15-puzzle's 6-6-3
// built when there are none, and cached when the cache folder can be
// written) in the fast engine of package solver, or the generic IDA* of
// package search on Manhattan distance plus linear conflict. Every answer
// names its heuristic (Answer.Heuristic) and points to its source
// (Answer.Source).
//
// The Resolver holds values, not text: which goal a board has is the
// caller's (statespace.Goal reads -goal and -shape), as are the flags'
// policies (cmd/internal/boardflags), reading a table file and parsing a
// partition; what a call needs of an oracle (Need) and of each answer
// (Want) travels with the call. TableOf hands out the distance table an
// oracle answers from; Random draws boards with an oracle.
//
// Lookups are built for throughput: a run of boards of one goal skips the
// look-up of its oracle (Resolver.Answer), and table lookups without a
// path allocate nothing; statespace.ParseBytes reads the common board
// forms straight from the input bytes.
package resolve
