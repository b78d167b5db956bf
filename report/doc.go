// Package report draws tilespace's figures with gonum/plot: one function per
// figure, each taking a plain data struct and returning a Figure that renders
// to PNG or SVG in memory and carries the numbers it plots as CSV.
//
// Figure code knows nothing of how its data was computed (package
// report/measure does that from tables and searches) and checks the data
// before drawing: a value gonum/plot cannot draw, such as zero on a log axis
// or an empty series, gives a *DataError naming the figure instead of a
// panic or an empty file. Figure.Write renders every format before writing
// anything and writes each file atomically.
package report
