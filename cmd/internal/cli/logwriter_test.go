package cli

import (
	"bytes"
	"fmt"
	"testing"
)

// Every line, whole or written in parts, starts with the command's name
// once.
func TestLogWriter(t *testing.T) {
	var b bytes.Buffer
	w := LogWriter(&b, "classroom compare")
	fmt.Fprintf(w, "no table for 3x4 goal last\nbuilt ")
	fmt.Fprintf(w, "6-6-3 in 7.0 s\n")
	n, err := w.Write([]byte("a\n\nb\n"))
	if err != nil || n != 5 {
		t.Errorf("Write: %d, %v", n, err)
	}
	want := "classroom: no table for 3x4 goal last\nclassroom: built 6-6-3 in 7.0 s\nclassroom: a\nclassroom: \nclassroom: b\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}
