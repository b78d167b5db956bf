// Package classroom holds the classroom reports built on package search:
// the COMS 4701 homework's output.txt (RunCOMS, WriteCOMS), every
// algorithm side by side on one board (Compare), why depth-first search
// blows up (ExplainDFS, and the walk it is built on, WalkDFS), and the
// repeat of the climber report's greedy-climber experiment (GreedyStats);
// the one scaling run, every algorithm on boards drawn at exact distances
// (RunScaling, with its Summary), and the algorithms as the page and the
// Python package offer them, with their names and styles (Catalog). Each
// report is a struct of exact figures with WriteText for people and
// WriteJSON for programs; cmd/classroom prints them and report/measure draws
// figures from the same functions.
package classroom
