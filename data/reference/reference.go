// Package reference holds published figures that tilespace's tests,
// benchmarks and examples check against: Korf's 100 15-puzzle instances,
// Korf & Felner's 50 24-puzzle instances and the full distance
// distributions of the boards the tests enumerate. Each file in this folder
// names its sources in its header; this package parses them. It imports
// nothing of tilespace's, so any package's tests can use it.
package reference

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

//go:embed korf100.tsv
var korf100 string

//go:embed korf50-24.tsv
var korf50 string

//go:embed distributions.tsv
var distributions string

// Instance is one published puzzle instance and its optimal length.
type Instance struct {
	ID      int
	Board   string // tiles in row-major order, comma-separated, 0 for the blank
	Optimal int    // optimal solution length in single-tile moves
	// Generated is the number of nodes IDA* generated on the instance in
	// the published run its file names (Korf & Felner 2002, 6-6-6-6 with
	// reflection, for Korf50; Korf 1985, Manhattan distance, for
	// Korf1985), or 0 where the source gives none.
	Generated uint64
	// Expanded6666 and ExpandedMax are the nodes IDA* expanded in Döbbelin,
	// Schütt & Reinefeld's runs (2013) with 6-6-6-6 and with the maximum
	// of their four partitions, or 0 where the source gives none.
	Expanded6666, ExpandedMax uint64
	// ExpandedSmall is the nodes IDA* expanded in Clausecker & Reinefeld's
	// run with their zero-aware catalogue "small", a maximum over 6-6-6-6
	// partitions, or 0 where the source gives none.
	ExpandedSmall uint64
}

// Distribution is the number of states at each distance from a goal.
type Distribution struct {
	Shape  string   // "3x3", "2x7", …
	Blank  string   // the blank's cell in the goal: "corner", "centre" or "edge"
	OEIS   string   // the sequence it was copied from
	States uint64   // reachable states, n!/2
	Radius int      // the largest distance
	Counts []uint64 // states at distance 0, 1, …, Radius
}

// Korf100 returns Korf's 100 random 15-puzzle instances (goal 0,1,…,15)
// with their optimal lengths, in the published order.
func Korf100() []Instance { return mustInstances("korf100.tsv", korf100) }

// Korf50 returns Korf & Felner's 50 random 24-puzzle instances (goal
// 0,1,…,24) with their optimal lengths and the nodes generated in their run.
func Korf50() []Instance { return mustInstances("korf50-24.tsv", korf50) }

// Distributions returns every published distribution in the folder.
func Distributions() []Distribution {
	ds, err := ParseDistributions(distributions)
	if err != nil {
		panic("reference: " + err.Error())
	}
	return ds
}

// FindDistribution returns the distribution of shape with the blank in the
// given cell of the goal ("corner", "centre", "edge").
func FindDistribution(shape, blank string) (Distribution, bool) {
	for _, d := range Distributions() {
		if d.Shape == shape && d.Blank == blank {
			return d, true
		}
	}
	return Distribution{}, false
}

func mustInstances(name, text string) []Instance {
	is, err := ParseInstances(text)
	if err != nil {
		panic("reference: " + name + ": " + err.Error())
	}
	return is
}

// records yields the tab-separated fields of each data line of text:
// comment lines (#) and blank lines are skipped, and so is a header line
// whose first field is "id" or "shape".
func records(text string, each func(line int, fields []string) error) error {
	for i, l := range strings.Split(text, "\n") {
		l = strings.TrimRight(l, "\r")
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		fields := strings.Split(l, "\t")
		if fields[0] == "id" || fields[0] == "shape" {
			continue
		}
		if err := each(i+1, fields); err != nil {
			return err
		}
	}
	return nil
}

// ParseInstances reads lines
// "id<TAB>board<TAB>optimal[<TAB>generated[<TAB>expanded 6-6-6-6<TAB>expanded max]]".
func ParseInstances(text string) ([]Instance, error) {
	var out []Instance
	err := records(text, func(line int, f []string) error {
		if len(f) != 3 && len(f) != 4 && len(f) != 6 && len(f) != 7 {
			return fmt.Errorf("line %d: %d fields, want 3, 4, 6 or 7", line, len(f))
		}
		var in Instance
		var err error
		if in.ID, err = strconv.Atoi(f[0]); err != nil {
			return fmt.Errorf("line %d: id: %w", line, err)
		}
		in.Board = f[1]
		if in.Optimal, err = strconv.Atoi(f[2]); err != nil {
			return fmt.Errorf("line %d: optimal length: %w", line, err)
		}
		if len(f) >= 4 {
			if in.Generated, err = strconv.ParseUint(f[3], 10, 64); err != nil {
				return fmt.Errorf("line %d: generated nodes: %w", line, err)
			}
		}
		if len(f) >= 6 {
			if in.Expanded6666, err = strconv.ParseUint(f[4], 10, 64); err != nil {
				return fmt.Errorf("line %d: expanded nodes (6-6-6-6): %w", line, err)
			}
			if in.ExpandedMax, err = strconv.ParseUint(f[5], 10, 64); err != nil {
				return fmt.Errorf("line %d: expanded nodes (maximum): %w", line, err)
			}
		}
		if len(f) == 7 {
			if in.ExpandedSmall, err = strconv.ParseUint(f[6], 10, 64); err != nil {
				return fmt.Errorf("line %d: expanded nodes (catalogue small): %w", line, err)
			}
		}
		out = append(out, in)
		return nil
	})
	return out, err
}

// ParseDistributions reads lines
// "shape<TAB>blank<TAB>oeis<TAB>states<TAB>radius<TAB>c0,c1,…" and checks
// that the counts add up to the states and end at the radius.
func ParseDistributions(text string) ([]Distribution, error) {
	var out []Distribution
	err := records(text, func(line int, f []string) error {
		if len(f) != 6 {
			return fmt.Errorf("line %d: %d fields, want 6", line, len(f))
		}
		d := Distribution{Shape: f[0], Blank: f[1], OEIS: f[2]}
		var err error
		if d.States, err = strconv.ParseUint(f[3], 10, 64); err != nil {
			return fmt.Errorf("line %d: states: %w", line, err)
		}
		if d.Radius, err = strconv.Atoi(f[4]); err != nil {
			return fmt.Errorf("line %d: radius: %w", line, err)
		}
		var sum uint64
		for i, c := range strings.Split(f[5], ",") {
			n, err := strconv.ParseUint(c, 10, 64)
			if err != nil {
				return fmt.Errorf("line %d: count at distance %d: %w", line, i, err)
			}
			d.Counts = append(d.Counts, n)
			sum += n
		}
		if sum != d.States || len(d.Counts) != d.Radius+1 {
			return fmt.Errorf("line %d: %d counts adding up to %d, want %d counts adding up to %d",
				line, len(d.Counts), sum, d.Radius+1, d.States)
		}
		out = append(out, d)
		return nil
	})
	return out, err
}
