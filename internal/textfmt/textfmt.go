// Package textfmt writes numbers and counts for people, the same way in
// every tilespace command.
package textfmt

import "strconv"

// Commas writes n with thousands separated by commas: 181440 → "181,440".
func Commas[T int | int64 | uint64](n T) string {
	neg := n < 0
	u := uint64(n)
	if neg {
		u = uint64(-int64(n))
	}
	s := strconv.FormatUint(u, 10)
	out := make([]byte, 0, len(s)+len(s)/3+1)
	if neg {
		out = append(out, '-')
	}
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// Plural returns one when n is 1 and many otherwise.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Moves writes a number of moves: "1 move", "21 moves", "13,439 moves".
func Moves(n int) string { return Commas(n) + " " + Plural(n, "move", "moves") }
