package grade

import (
	"strings"
	"testing"
)

// FuzzGrade grades any bytes as output.txt without panicking, within the
// points, every item once; full marks for BFS mean the five counted lines
// are the reference's, character for character. Seeds: testdata/fuzz/FuzzGrade.
func FuzzGrade(f *testing.F) {
	ref := reference(f, "bfs", "1,2,5,3,4,0,6,7,8")
	good := output(f, ref)
	f.Add([]byte(good))
	f.Add([]byte(strings.ReplaceAll(good, "\n", "\r\n")))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := Grade(ref, data)
		if len(r.Items) != len(Items) || r.Score < 0 || r.Score > r.Points || r.Points != float64(len(Items))*PointsPerItem {
			t.Fatalf("%q: %d items, %.2f of %.2f", data, len(r.Items), r.Score, r.Points)
		}
		for i, it := range r.Items {
			if it.Name != Items[i] {
				t.Fatalf("%q: item %d is %s", data, i, it.Name)
			}
		}
		if r.Score != r.Points {
			return
		}
		lines := strings.Split(string(data), "\n")
		want := strings.Split(good, "\n")
		for i := range itemTime {
			if len(lines) <= i || lines[i] != want[i] {
				t.Fatalf("%q: full marks, but line %d is not %q", data, i+1, want[i])
			}
		}
	})
}
