package cli

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

func TestFlagSet(t *testing.T) {
	var stderr bytes.Buffer
	newSet := func() (*FlagSet, *bool, *int) {
		stderr.Reset()
		fs := NewFlagSet("tool", "tool [flags] FILE...", &stderr)
		return fs, fs.Bool("json", false, "write JSON"), fs.Int("n", 1, "how many")
	}
	fs, js, n := newSet()
	rest, err := fs.Parse([]string{"a", "-json", "b", "-n", "3", "c"}, true)
	if err != nil || !*js || *n != 3 || fmt.Sprint(rest) != "[a b c]" || fmt.Sprint(fs.Given()) != "[json n]" || !fs.IsGiven("n") || stderr.Len() != 0 {
		t.Errorf("interspersed: %v %v %d %v %v %q", rest, *js, *n, err, fs.Given(), stderr.String())
	}
	fs, js, _ = newSet()
	rest, err = fs.Parse([]string{"a", "-json"}, false)
	if err != nil || *js || fmt.Sprint(rest) != "[a -json]" || fs.IsGiven("json") {
		t.Errorf("not interspersed: %v %v %v", rest, *js, err)
	}
	fs, _, _ = newSet()
	_, err = fs.Parse([]string{"-nonsense"}, true)
	var u UsageError
	if !errors.As(err, &u) || stderr.Len() != 0 || !strings.Contains(err.Error(), "-nonsense") {
		t.Errorf("bad flag: %v, wrote %q", err, stderr.String())
	}
	fs, _, _ = newSet()
	_, err = fs.Parse([]string{"-h"}, true)
	if !errors.Is(err, flag.ErrHelp) || !strings.HasPrefix(stderr.String(), "usage: tool [flags] FILE...\n") || !strings.Contains(stderr.String(), "-json") {
		t.Errorf("-h: %v, wrote %q", err, stderr.String())
	}
}
