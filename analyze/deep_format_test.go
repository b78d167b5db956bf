package analyze

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// TestReadDeepJSON: the table WriteDeepJSON writes (here a real run's,
// testdata/textbook-4x4.json) reads back as written, and damaged ones
// are refused.
func TestReadDeepJSON(t *testing.T) {
	raw, err := os.ReadFile("testdata/textbook-4x4.json")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := ReadDeepJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var back bytes.Buffer
	cfg := DeepConfig{Goal: statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4}), N: tab.Boards, Seed: tab.Seed}
	if err := WriteDeepJSON(&back, cfg, tab.Rows); err != nil {
		t.Fatal(err)
	}
	if back.String() != string(raw) {
		t.Errorf("written back:\n%s\nread:\n%s", back.String(), raw)
	}
	for name, bad := range map[string]string{
		"not json":      "hello",
		"no shape":      `{"rows":[]}`,
		"falling depth": strings.Replace(string(raw), `"depth":16`, `"depth":12`, 1),
		"negative mean": strings.Replace(string(raw), `"mean":30`, `"mean":-30`, 1),
		"unknown field": strings.Replace(string(raw), `"seed"`, `"sed"`, 1),
	} {
		var de *DeepJSONError
		if _, err := ReadDeepJSON(strings.NewReader(bad)); !errors.As(err, &de) {
			t.Errorf("%s: got %v, want a *DeepJSONError", name, err)
		}
	}
}

// FuzzReadDeepJSON: any bytes are read as a table or refused, and a table
// read is written back and read again the same.
func FuzzReadDeepJSON(f *testing.F) {
	raw, err := os.ReadFile("testdata/textbook-4x4.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	f.Add([]byte(`{"shape":"4x4","rows":[]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		tab, err := ReadDeepJSON(bytes.NewReader(b))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := WriteDeepJSON(&out, DeepConfig{Goal: statespace.GoalLast(statespace.Shape{Rows: 4, Cols: 4}), N: tab.Boards, Seed: tab.Seed}, tab.Rows); err != nil {
			t.Fatal(err)
		}
		again, err := ReadDeepJSON(&out)
		if err != nil || !reflect.DeepEqual(again.Rows, tab.Rows) {
			t.Fatalf("written back and read: %v, %+v; first %+v", err, again, tab)
		}
	})
}
