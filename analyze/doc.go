// Package analyze answers, exactly, the questions a course on heuristic
// search asks of a sliding-tile puzzle whose every state can be counted:
// how good a heuristic is over every reachable board (Profile), how large
// the brute-force tree is and how fast it grows (BruteForce), and how much
// work the textbook searches do at each solution depth (Textbook).
//
// Every figure comes from the whole space rather than a sample: the
// distances of all boards (Distances, a breadth-first search at one byte a
// board) and a pass over every rank on every core.
package analyze
