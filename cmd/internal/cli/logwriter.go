package cli

import (
	"bytes"
	"io"
)

// LogWriter returns a writer that starts every line written to w with
// name and ": ", so that the notes a package writes for people (the
// resolver's "no table for 3x4 goal last …") carry the name of the
// command that runs it. name is a command's name, or its first word
// ("classroom compare" writes "classroom: ").
func LogWriter(w io.Writer, name string) io.Writer {
	if i := bytes.IndexByte([]byte(name), ' '); i >= 0 {
		name = name[:i]
	}
	return &logWriter{w: w, prefix: []byte(name + ": "), start: true}
}

type logWriter struct {
	w      io.Writer
	prefix []byte
	start  bool // the next byte begins a line
}

func (l *logWriter) Write(p []byte) (int, error) {
	var out []byte
	for _, line := range bytes.SplitAfter(p, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		if l.start {
			out = append(out, l.prefix...)
		}
		out = append(out, line...)
		l.start = line[len(line)-1] == '\n'
	}
	if _, err := l.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}
