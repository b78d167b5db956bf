// Package bfs runs tilespace's exhaustive breadth-first search as Apache
// Beam pipelines, one per level, so that boards no single machine holds
// (3x5, 4x4) can be searched on Dataflow, Flink or Spark, and smaller ones
// on the in-process Prism runner.
//
// The search is level-synchronous with delayed duplicate detection and
// partitioned as package twobit partitions (a blank cell and the tiles on
// the first cells); its kernel expands each frontier partition into
// neighbour bitmaps keyed by partition. The shuffle merges them per
// partition, the merge subtracts the boards seen before, and every
// partition's state (visited, and bit 1 of each distance: a table file's
// payload) and frontier are bitmap files in a working folder, local or in
// object storage through Beam's filesystem packages. Run drives the
// pipelines, stops at the first empty level and resumes from the last
// finished one; Result gives the counts, the antipodes and the table file
// enumerate writes. docs/DISTRIBUTED.md has the scheme and its costs.
package bfs
