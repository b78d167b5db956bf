// Package ida runs tilespace's IDA* (package solver) as Apache Beam
// pipelines, one per iteration, so that a search too long for one machine
// (the hardest of Korf's 24-puzzle instances) can run on Dataflow, Flink
// or Spark, and smaller ones on the in-process Prism or direct runner.
//
// An iteration with bound B is cut at a split depth into root subtrees
// (solver.Solver.SplitIteration: the tasks the local solver makes at that
// depth, after duplicate-path pruning). The pipeline creates one element
// per subtree; a DoFn, which loads the pattern databases once per worker
// process from a folder every worker reaches (local, or gs:// through
// Beam's filesystem packages), searches each subtree under B
// (solver.Solver.SearchSubtree) and writes its result to the results
// folder, one small file per subtree, written whole. A combine sums the
// subtrees' counts and takes the least f above the bound and the first
// subtree holding a solution; one worker writes that as the iteration's
// record, its commit. Run drives the iterations until one finds a
// solution and reports what the local solver reports: the path the
// sequential search reaches first and the counts up to it
// (solver.Split.Combine). A worker that finds a solution notes its
// subtree's index in the results folder, and the subtrees after it are
// then skipped; those already under way are searched whole, so the last
// iteration's work exceeds the work counted there.
//
// A run stopped anywhere resumes with the same command: a subtree with a
// result file is not searched again, and an iteration with a record is
// not run again. docs/DISTRIBUTED.md has the commands and a cost model.
package ida
