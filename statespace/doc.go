// Package statespace models sliding-tile puzzles of any shape from 2x2 to 25
// cells (5x5): boards and the text people type for them, moves of the blank,
// goals and solvability, a ranker that numbers the boards reachable from a
// goal 0 … n!/2−1 without holes, the neighbour ranks of a rank (Expander),
// and boards drawn without a table (Space.Random, Walk). The distances of
// those boards, the tables that hold them and the search that measures
// them are package table's, which builds on this one.
//
// A move is named by where the blank goes (Up, Down, Left, Right), and the
// children of a board are always generated in that order, so every counter
// built on this package is reproducible.
package statespace
