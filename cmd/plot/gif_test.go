package main

import (
	"bytes"
	"context"
	"errors"
	"github.com/tilespace/tilespace/resolve"
	"image/gif"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/serve/api"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// plot gif writes, byte for byte, what the page's /api/gif answers for
// the same board, goal and size: a frame per board of an optimal path,
// the table's distance + 1.
func TestGIFIsThePages(t *testing.T) {
	t.Setenv(store.EnvCache, t.TempDir())
	slots := api.NewSlots(api.Limits{})
	res, err := api.NewResolver(context.Background(), resolve.Config{}, slots)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	s := api.New(api.Config{}, res, slots)
	defer s.Close()
	dir := t.TempDir()
	for i, c := range []struct {
		shape statespace.Shape
		goal  string
		board string
		size  string
	}{
		{fixture.Shape3x3, "last", "8,6,7,2,5,4,3,0,1", ""},
		{fixture.Shape3x3, "first", "1,2,5,3,4,0,6,7,8", "300"},
		{statespace.Shape{Rows: 2, Cols: 5}, "last", "6,1,2,3,4,0,7,8,9,5", "1200"},
		{statespace.Shape{Rows: 2, Cols: 3}, "1,2,3,0,4,5", "4,1,2,0,5,3", "120"},
	} {
		out := filepath.Join(dir, "s"+string(rune('a'+i))+".gif")
		args := []string{"gif", "-shape", c.shape.String(), "-goal", c.goal, "-out", out}
		target := "/api/gif?b=" + c.board + "&shape=" + c.shape.String() + "&goal=" + c.goal
		if c.size != "" {
			args = append(args, "-size", c.size)
			target += "&size=" + c.size
		}
		stdout, stderr, err := runPlot(t, append(args, c.board)...)
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, stderr)
		}
		file, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		status, page := s.Do(context.Background(), target)
		if status != 200 || !bytes.Equal(file, page) {
			t.Errorf("%s: plot gif wrote %d bytes, the page answers %d with %d bytes", c.board, len(file), status, len(page))
		}
		goal, _ := statespace.ParseGoal(c.goal, c.shape)
		b, _ := statespace.Parse(c.board, c.shape)
		d := fixture.Dist(t, fixture.TableFor(t, goal), b)
		g, err := gif.DecodeAll(bytes.NewReader(file))
		if err != nil || len(g.Image) != d+1 {
			t.Errorf("%s: %v, %d frames, want %d", c.board, err, len(g.Image), d+1)
		}
		if !strings.Contains(stdout, out) || !strings.Contains(stdout, " "+strconv.Itoa(d+1)+" frames") {
			t.Errorf("stdout %q", stdout)
		}
	}
	// -out - writes the image to stdout.
	stdout, _, err := runPlot(t, "gif", "-out", "-", "1,2,3,4,5,6,7,0,8")
	if _, derr := gif.DecodeAll(strings.NewReader(stdout)); err != nil || derr != nil {
		t.Errorf("to stdout: %v %v", err, derr)
	}
	// Usage errors.
	for _, args := range [][]string{
		{"gif"},
		{"gif", "-size", "100", "1,2,3,4,5,6,7,0,8"},
		{"gif", "1,2,3,4,5,6,7,0,8", "1,2,3,4,5,6,7,8,0"},
	} {
		var ue cli.UsageError
		if _, _, err := runPlot(t, args...); !errors.As(err, &ue) {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
}
