package reference

import (
	"strconv"
	"strings"
	"testing"
)

// The averages are the ones the sources state: 53.05 moves over Korf's 100
// (Korf 1985) and 100.78 over the 50 24-puzzle instances (Korf & Felner
// 2002).
func TestInstances(t *testing.T) {
	for i, c := range []struct {
		name  string
		got   []Instance
		n     int
		cells int
		avg   float64
	}{
		{"korf100", Korf100(), 100, 16, 53.05},
		{"korf50", Korf50(), 50, 25, 100.78},
	} {
		if len(c.got) != c.n {
			t.Fatalf("case %d %s: %d instances, want %d", i, c.name, len(c.got), c.n)
		}
		sum := 0
		for j, in := range c.got {
			if in.ID != j+1 {
				t.Errorf("case %d %s: instance %d has id %d", i, c.name, j+1, in.ID)
			}
			if n := len(strings.Split(in.Board, ",")); n != c.cells {
				t.Errorf("case %d %s #%d: %d tiles", i, c.name, in.ID, n)
			}
			sum += in.Optimal
		}
		avg := float64(sum) / float64(c.n)
		if s := strconv.FormatFloat(avg, 'f', 2, 64); s != strconv.FormatFloat(c.avg, 'f', 2, 64) {
			t.Errorf("case %d %s: average length %s, published %.2f", i, c.name, s, c.avg)
		}
	}
	for _, in := range Korf50() {
		// Every published count is there, and the maximum of four
		// partitions never expands more than 6-6-6-6 alone.
		if in.Generated == 0 || in.Expanded6666 == 0 || in.ExpandedMax == 0 || in.ExpandedMax > in.Expanded6666 || in.ExpandedSmall == 0 {
			t.Errorf("korf50 #%d: generated %d, expanded %d (6-6-6-6), %d (maximum), %d (catalogue small)", in.ID, in.Generated, in.Expanded6666, in.ExpandedMax, in.ExpandedSmall)
		}
	}
}

func TestDistributions(t *testing.T) {
	ds := Distributions()
	if len(ds) < 11 {
		t.Fatalf("%d distributions", len(ds))
	}
	for _, d := range ds {
		// n!/2 states for an n-cell board.
		var r, c int
		if _, err := splitShape(d.Shape, &r, &c); err != nil {
			t.Fatalf("%s: %v", d.Shape, err)
		}
		want := uint64(1)
		for k := 3; k <= r*c; k++ {
			want *= uint64(k)
		}
		if d.States != want {
			t.Errorf("%s %s: %d states, want %d", d.Shape, d.Blank, d.States, want)
		}
	}
	if d, ok := FindDistribution("2x7", "corner"); !ok || d.Radius != 108 || d.Counts[108] != 1 {
		t.Errorf("2x7: %+v %v", d.Radius, ok)
	}
}

func splitShape(shape string, r, c *int) (int, error) {
	parts := strings.Split(shape, "x")
	var err error
	if *r, err = strconv.Atoi(parts[0]); err != nil {
		return 0, err
	}
	*c, err = strconv.Atoi(parts[1])
	return 2, err
}

func TestParseErrors(t *testing.T) {
	for i, text := range []string{
		"1\t1,2\t\n",
		"1\t1,2\n",
		"a\t1,2\t3\n",
		"1\t1,2\t3\tz\n",
	} {
		if _, err := ParseInstances(text); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("case %d: %v", i, err)
		}
	}
	for i, text := range []string{
		"2x2\tcorner\tA\t12\t6\t1,2,3\n",
		"2x2\tcorner\tA\t12\t2\t1,2,8\n",
		"2x2\tcorner\tA\t12\n",
		"2x2\tcorner\tA\t12\t2\t1,x,9\n",
	} {
		if _, err := ParseDistributions(text); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("case %d: %v", i, err)
		}
	}
}

// FuzzParse feeds any text to both parsers. The seeds are a few short
// lines of each embedded file, not the whole files, and inputs over
// maxFuzzText bytes are skipped: the fuzzer minimises every new input it
// finds, a string in time quadratic in its length, and minimising mutants
// of the 5 KB files took the whole run (5 executions in 30 s).
func FuzzParse(f *testing.F) {
	for _, text := range []string{korf100, korf50, distributions} {
		var short []string
		for _, l := range strings.SplitAfter(text, "\n") {
			if len(l) < 120 && len(short) < 3 && !strings.HasPrefix(l, "#") {
				short = append(short, l)
			}
		}
		f.Add(strings.Join(short, ""))
	}
	f.Add("1\t1,2\t3\n")
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > maxFuzzText {
			return
		}
		is, err := ParseInstances(text)
		if err == nil && len(is) > strings.Count(text, "\n")+1 {
			t.Fatalf("%d instances from %d lines", len(is), strings.Count(text, "\n")+1)
		}
		ds, err := ParseDistributions(text)
		for _, d := range ds {
			if err == nil && len(d.Counts) != d.Radius+1 {
				t.Fatalf("unchecked distribution %+v", d)
			}
		}
	})
}

// maxFuzzText is the longest text FuzzParse parses.
const maxFuzzText = 512

// TestKorf1985: the table of generated nodes holds Korf's 100 instances,
// each board and length as korf100.tsv has them, with a count each.
func TestKorf1985(t *testing.T) {
	got, want := Korf1985(), Korf100()
	if len(got) != len(want) {
		t.Fatalf("%d instances, want %d", len(got), len(want))
	}
	for i, in := range got {
		w := want[i]
		if in.ID != w.ID || in.Board != w.Board || in.Optimal != w.Optimal || in.Generated == 0 {
			t.Errorf("instance %d: %+v, korf100.tsv has %+v", i+1, in, w)
		}
	}
}
