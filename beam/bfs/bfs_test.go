package bfs

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"github.com/tilespace/tilespace/data/reference"
	"github.com/tilespace/tilespace/statespace"
)

func TestMain(m *testing.M) {
	flag.Parse()
	beam.Init()
	// Prism reports every job at INFO; a test prints only failures.
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	os.Exit(m.Run())
}

func TestQuick(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3})
	r, err := Run(context.Background(), goal, Options{Work: t.TempDir(), OnLevel: func(l Level) { t.Logf("%+v", l) }})
	if err != nil {
		t.Fatal(err)
	}
	ref, _ := reference.FindDistribution("3x3", "corner")
	if fmt.Sprint(r.Counts()) != fmt.Sprint(ref.Counts) {
		t.Errorf("counts %v, published %v", r.Counts(), ref.Counts)
	}
}
