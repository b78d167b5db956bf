package generate

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// PDBJob names one set of pattern databases to build: a partition of a
// goal's tiles.
type PDBJob struct {
	Goal      statespace.Board
	Partition pdb.Partition
}

// DefaultPDBs lists the pattern databases `enumerate -all` builds: 6-6-3
// for the 4x4 goal last (7-8 only when asked for, as it takes minutes and
// gigabytes).
func DefaultPDBs() []PDBJob {
	goal := statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4})
	part, err := pdb.Preset("6-6-3", goal)
	if err != nil {
		panic("generate: " + err.Error())
	}
	return []PDBJob{{Goal: goal, Partition: part}}
}

// pdbWork returns the progress total of building part's databases: the
// number of placements of all its patterns, the unit PDBs reports in.
func pdbWork(goal statespace.Board, part pdb.Partition) uint64 {
	var total uint64
	for _, pat := range part.Patterns {
		total += pdb.Placements(goal.Cells(), len(pat))
	}
	return total
}

// PatternReport describes one built pattern database.
type PatternReport struct {
	Tiles   []int    `json:"tiles"`
	Entries uint64   `json:"entries"`
	Max     int      `json:"max"`
	Mean    float64  `json:"mean"`
	Counts  []uint64 `json:"counts"`
	File    string   `json:"file"`
	Bytes   int64    `json:"bytes"`
	Seconds float64  `json:"seconds"`
	Kept    bool     `json:"kept,omitempty"` // resumed: the file was there and read as this database
}

// PDBReport describes the built databases of a partition. Its JSON form
// is what `enumerate databases -pdb NAME -json` prints.
type PDBReport struct {
	Shape      string          `json:"shape"`
	Goal       string          `json:"goal"`
	Partition  string          `json:"partition"` // preset name or the tiles
	Patterns   []PatternReport `json:"patterns"`
	Reflection bool            `json:"reflection"` // lookups also use the diagonal reflection
	ZeroAware  bool            `json:"zero_aware,omitempty"`
	Bytes      int64           `json:"bytes"`
	Seconds    float64         `json:"seconds"` // building all patterns, without writing the files

	goal   statespace.Board
	tiles  string // the partition's tiles, groups of a maximum separated by "|"
	groups int    // additive groups: 1, or those of a maximum
}

// PDBs builds the pattern database of every pattern of part for goal, one
// after the other (zero-aware ones when part.ZeroAware), writes each into
// dir under the store's naming scheme (store.PDBFile,
// store.ZeroAwarePDBFile) as soon as it is built, and reports on
// them. progress, if not nil, receives the placements valued so far over
// all patterns (Plan.Work counts them). Files already written stay when a
// later pattern fails or ctx is canceled; each file is written
// atomically, so none is ever partial. With resume, a pattern whose file
// is there and reads as its database (checksums, counts, kind) is kept
// and not built again, so an interrupted build goes on where it stopped.
func PDBs(ctx context.Context, goal statespace.Board, part pdb.Partition, dir string, resume bool, progress Progress) (PDBReport, error) {
	if err := part.Validate(goal.Shape()); err != nil {
		return PDBReport{}, err
	}
	_, _, reflects := pdb.Reflection(goal)
	r := PDBReport{
		Shape:      goal.Shape().String(),
		Goal:       goal.String(),
		Partition:  part.Label(),
		Reflection: reflects,
		ZeroAware:  part.ZeroAware,
		goal:       goal,
		tiles:      part.String(),
		groups:     len(part.Sums()),
	}
	total := pdbWork(goal, part)
	var done uint64
	for _, pat := range part.Patterns {
		var pr pdb.Progress
		if progress != nil {
			base := done
			pr = func(depth int, placed, _ uint64) { progress(depth, base+placed, total) }
		}
		cache := store.NewCache(dir)
		if resume {
			if p, path, size, ok := keptPDB(cache, goal, pat, part.ZeroAware); ok {
				done += pdb.Placements(goal.Cells(), len(pat))
				if progress != nil {
					progress(0, done, total)
				}
				r.Patterns = append(r.Patterns, PatternReport{Tiles: p.Tiles(), Entries: p.Entries(), Max: p.Max(),
					Mean: p.Mean(), Counts: p.Counts(), File: path, Bytes: size, Kept: true})
				r.Bytes += size
				continue
			}
		}
		build := pdb.Build
		if part.ZeroAware {
			build = pdb.BuildZeroAware
		}
		p, err := build(ctx, goal, pat, pr)
		if err != nil {
			return PDBReport{}, err
		}
		done += pdb.Placements(goal.Cells(), len(pat))
		path, size, err := cache.WritePDB(ctx, p)
		if err != nil {
			return PDBReport{}, err
		}
		r.Patterns = append(r.Patterns, PatternReport{
			Tiles:   p.Tiles(),
			Entries: p.Entries(),
			Max:     p.Max(),
			Mean:    p.Mean(),
			Counts:  p.Counts(),
			File:    path,
			Bytes:   size,
			Seconds: p.BuildTime().Seconds(),
		})
		r.Bytes += size
		r.Seconds += p.BuildTime().Seconds()
	}
	return r, nil
}

// keptPDB returns the database of pat already in cache, its path and size,
// when it reads as the one a build would write.
func keptPDB(cache store.Cache, goal statespace.Board, pat []int, zero bool) (*pdb.PDB, string, int64, bool) {
	f := store.PDBFile(goal, pat)
	if zero {
		f = store.ZeroAwarePDBFile(goal, pat)
	}
	path := cache.Path(f)
	p, err := store.ReadPDB(path, goal, pat)
	if err != nil || p.Entries() != pdb.Entries(goal.Cells(), len(pat), zero) {
		return nil, "", 0, false
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, "", 0, false
	}
	return p, path, st.Size(), true
}

// WriteJSON writes the report as one line of JSON.
func (r PDBReport) WriteJSON(w io.Writer) error {
	return json.NewEncoder(w).Encode(r)
}

// WriteText writes the report for people: the goal, each pattern's size,
// largest and mean value and build time, the number of placements at each
// value side by side, and the files.
func (r PDBReport) WriteText(w io.Writer) error {
	var b strings.Builder
	name := r.Partition
	if tiles := r.tiles; len(r.Patterns) > 0 && !strings.Contains(name, ",") {
		if tiles == "" {
			tiles = tilesLabel(r.Patterns)
		}
		name += " (" + tiles + ")"
	}
	if r.ZeroAware {
		name += ", zero-aware"
	}
	fmt.Fprintf(&b, "%s puzzle, goal %s, pattern databases %s:\n", r.Shape, statespace.GoalName(r.goal), name)
	for _, line := range strings.Split(strings.TrimRight(r.goal.Grid(), "\n"), "\n") {
		fmt.Fprintf(&b, "  %s\n", line)
	}
	refl := "no (the goal is not symmetric about the main diagonal)"
	switch {
	case r.Reflection && r.groups > 1:
		refl = fmt.Sprintf("yes (lookups take the largest of the %d groups' sums on the board and on its mirror image)", r.groups)
	case r.Reflection:
		refl = "yes (lookups take the larger of the board's and its mirror image's sums)"
	case r.groups > 1:
		refl += fmt.Sprintf("; lookups take the largest of the %d groups' sums", r.groups)
	}
	fmt.Fprintf(&b, "reflection about the main diagonal: %s\n\n", refl)

	labels := make([]string, len(r.Patterns))
	width := 7
	for i, p := range r.Patterns {
		labels[i] = joinInts(p.Tiles, ",")
		width = max(width, len(labels[i]))
	}
	fmt.Fprintf(&b, "%-*s %14s %5s %8s %9s\n", width, "pattern", "entries", "max", "mean", "seconds")
	for i, p := range r.Patterns {
		fmt.Fprintf(&b, "%-*s %14d %5d %8.3f %9.3f\n", width, labels[i], p.Entries, p.Max, p.Mean, p.Seconds)
	}

	top := 0
	for _, p := range r.Patterns {
		top = max(top, p.Max)
	}
	what := "placements"
	if r.ZeroAware {
		what = "entries (placement and blank's cell)"
	}
	fmt.Fprintf(&b, "\n%s at each value:\n%5s", what, "value")
	for i := range r.Patterns {
		fmt.Fprintf(&b, " %*s", max(width, 12), labels[i])
	}
	b.WriteByte('\n')
	for v := 0; v <= top; v++ {
		fmt.Fprintf(&b, "%5d", v)
		for _, p := range r.Patterns {
			var c uint64
			if v < len(p.Counts) {
				c = p.Counts[v]
			}
			fmt.Fprintf(&b, " %*d", max(width, 12), c)
		}
		b.WriteByte('\n')
	}

	b.WriteByte('\n')
	for _, p := range r.Patterns {
		verb := "wrote"
		if p.Kept {
			verb = "kept (resumed)"
		}
		fmt.Fprintf(&b, "%s %s: %d bytes, %.4f bytes per entry\n", verb, p.File, p.Bytes, float64(p.Bytes)/float64(p.Entries))
	}
	fmt.Fprintf(&b, "built in %s, %d bytes in all\n", (time.Duration(r.Seconds * float64(time.Second))).Round(time.Millisecond), r.Bytes)
	_, err := io.WriteString(w, b.String())
	return err
}

func tilesLabel(ps []PatternReport) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = joinInts(p.Tiles, ",")
	}
	return strings.Join(parts, "/")
}

func joinInts(v []int, sep string) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, sep)
}
