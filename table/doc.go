// Package table holds the exact distance tables of sliding-tile puzzle
// spaces (package statespace): Enumerate, the retrograde breadth-first
// search from the goal that measures every reachable board's distance; a
// Table, one byte a board by rank; a Lazy table, which keeps only bit 1
// of every distance (the stored bits, Mod4Source) and walks them toward
// the goal, checking them as it goes; the checks that catch damaged or
// forged bits and counts (DamageError, ContradictionError, ReplayError);
// and boards drawn uniformly at a distance (Draw, Samples, DrawOne).
//
// Package statespace knows boards, moves, goals and the ranker; this
// package knows distances and nothing of files (package store maps a
// table to its file, package tablefile is the container).
package table
