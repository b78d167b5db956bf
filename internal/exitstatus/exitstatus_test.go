package exitstatus

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"
)

func TestReport(t *testing.T) {
	upper := func(err error) string { return strings.ToUpper(err.Error()) }
	cases := []struct {
		err     error
		explain func(error) string
		code    int
		want    string
	}{
		{nil, nil, 0, ""},
		{fmt.Errorf("-h: %w", flag.ErrHelp), nil, 0, ""},
		{Usagef("-x %d: bad", 3), upper, 2, "tool: -x 3: bad (tool -h for help)\n"},
		{fmt.Errorf("wrapped: %w", UsageError{errors.New("bad flag")}), nil, 2, "tool: wrapped: bad flag (tool -h for help)\n"},
		{fmt.Errorf("level 3: %w", context.Canceled), upper, 130, "tool: stopped\n"},
		{errors.New("disk full"), nil, 1, "tool: disk full\n"},
		{errors.New("disk full"), upper, 1, "tool: DISK FULL\n"},
	}
	for i, c := range cases {
		var b bytes.Buffer
		if code := Report(&b, "tool", c.err, "stopped", c.explain); code != c.code || b.String() != c.want {
			t.Errorf("case %d: exit %d %q, want %d %q", i, code, b.String(), c.code, c.want)
		}
	}
}
