package textfmt

import (
	"math"
	"testing"
)

func TestCommas(t *testing.T) {
	cases := []struct {
		n    int64
		want string
	}{
		{0, "0"}, {7, "7"}, {999, "999"}, {1000, "1,000"}, {181440, "181,440"},
		{-1234567, "-1,234,567"}, {math.MinInt64, "-9,223,372,036,854,775,808"},
	}
	for i, c := range cases {
		if got := Commas(c.n); got != c.want {
			t.Errorf("case %d: Commas(%d) = %q, want %q", i, c.n, got, c.want)
		}
	}
	if got := Commas(uint64(10461394944000)); got != "10,461,394,944,000" {
		t.Errorf("uint64: %q", got)
	}
	if Plural(1, "move", "moves") != "move" || Plural(0, "move", "moves") != "moves" {
		t.Error("Plural")
	}
}
