package pyapi

import (
	"context"
	"testing"

	"github.com/tilespace/tilespace/store"
)

// One 8-puzzle answer from the embedded table, as tilespace.distance()
// asks it: the engine's part of a call from Python.
func BenchmarkAnswer(b *testing.B) {
	e, err := New(context.Background(), store.Cache{})
	if err != nil {
		b.Fatal(err)
	}
	req := []byte(`{"op":"answer","board":"8,6,7,2,5,4,3,0,1","shape":"","goal":"last","path":false,"all_moves":false}`)
	for b.Loop() {
		j := NewJob(context.Background())
		e.Do(j, req, nil, nil)
		j.Cancel()
	}
}
