package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"testing"
)

func TestReport(t *testing.T) {
	cases := []struct {
		err  error
		code int
		want string
	}{
		{nil, 0, ""},
		{flag.ErrHelp, 0, ""},
		{Usagef("-x %d: bad", 3), 2, "tool: -x 3: bad (tool -h for help)\n"},
		{fmt.Errorf("wrapped: %w", UsageError{errors.New("bad flag")}), 2, "tool: wrapped: bad flag (tool -h for help)\n"},
		{context.Canceled, 130, "tool: stopped\n"},
		{errors.New("disk full"), 1, "tool: disk full\n"},
	}
	for i, c := range cases {
		var b bytes.Buffer
		if code := Report(&b, "tool", c.err, "stopped"); code != c.code || b.String() != c.want {
			t.Errorf("case %d: exit %d %q, want %d %q", i, code, b.String(), c.code, c.want)
		}
	}
}
