// Package resolve answers, for any board, its exact distance from the goal,
// every optimal first move and an optimal solution; it is the logic behind
// cmd/query and the page's answers. How answers are written is package
// record's job; reading boards in bulk is the query command's.
//
// A Resolver finds the source of answers (an Oracle) for each goal, in
// one place that every front end shares (the command line, the page of
// package serve, the figures of report/suite), safe for concurrent use and
// bounded in the bytes it holds: the table file given, else
// the embedded or cached table (store.LoadTable), else a table built in
// memory for spaces of up to 10 cells (Config.BuildLimit), else search —
// IDA* on the pattern databases found for the board's shape and goal
// (Config.PDBDir before the cache folder, Config.Partition to choose; the
// 15-puzzle's 6-6-3 built when there are none, and cached when the cache
// folder can be written) in the fast engine of package solver, or the
// generic IDA* of package search on Manhattan distance plus linear
// conflict. Every answer names its heuristic (Answer.Heuristic) and
// points to its source (Answer.Source).
//
// Lookups are built for throughput: ParseBoard reads the common board
// forms straight from the input bytes, and table lookups without a path
// allocate nothing.
package resolve
