package analyze

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tilespace/tilespace/internal/errkind"
)

// RunLog is the measurements of a long comparison kept as they finish,
// so that an interrupted job resumes where it stopped: the heuristic and
// goal they were made with, and a BoardRun per board searched.
type RunLog struct {
	Heuristic string     `json:"heuristic"`
	Goal      string     `json:"goal"`
	Runs      []BoardRun `json:"runs"`
}

// RunLogError reports a run log that cannot be used.
type RunLogError struct {
	Path string
	Msg  string
}

// Kind is errkind.Value.
func (*RunLogError) Kind() errkind.Kind { return errkind.Value }

func (e *RunLogError) Error() string {
	if e.Path == "" {
		return "run log: " + e.Msg
	}
	return e.Path + ": " + e.Msg
}

// ReadRunLog reads a run log written by WriteRunLog and checks it: every
// run's bounds rise, with an expansion count each, and no index repeats.
func ReadRunLog(r io.Reader) (*RunLog, error) {
	var l RunLog
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return nil, &RunLogError{Msg: "not a run log: " + err.Error()}
	}
	if l.Heuristic == "" || l.Goal == "" {
		return nil, &RunLogError{Msg: "the heuristic or the goal is missing"}
	}
	seen := map[int]bool{}
	for i, x := range l.Runs {
		if len(x.Generated) == 0 {
			l.Runs[i].Generated = nil // as WriteRunLog leaves it out
		}
		if x.Index < 0 || seen[x.Index] {
			return nil, &RunLogError{Msg: fmt.Sprintf("index %d is negative or repeated", x.Index)}
		}
		seen[x.Index] = true
		if len(x.Bounds) != len(x.Expanded) || len(x.Generated) != 0 && len(x.Generated) != len(x.Bounds) {
			return nil, &RunLogError{Msg: fmt.Sprintf("run %d: %d bounds, %d counts", x.Index, len(x.Bounds), len(x.Expanded))}
		}
		for i := 1; i < len(x.Bounds); i++ {
			if x.Bounds[i] <= x.Bounds[i-1] {
				return nil, &RunLogError{Msg: fmt.Sprintf("run %d: the bounds do not rise", x.Index)}
			}
		}
	}
	return &l, nil
}

// WriteRunLog writes l as one JSON object.
func WriteRunLog(w io.Writer, l *RunLog) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(l)
}

// LoadRunLog reads the run log at path; a missing file is an empty log
// for heuristic and goal. A log made for another heuristic or goal is a
// *RunLogError.
func LoadRunLog(path, heuristic, goal string) (*RunLog, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &RunLog{Heuristic: heuristic, Goal: goal}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	l, err := ReadRunLog(f)
	if err != nil {
		err.(*RunLogError).Path = path
		return nil, err
	}
	if l.Heuristic != heuristic || l.Goal != goal {
		return nil, &RunLogError{Path: path, Msg: fmt.Sprintf("made for %s to goal %s, not %s to goal %s", l.Heuristic, l.Goal, heuristic, goal)}
	}
	return l, nil
}

// SaveRunLog writes l to path atomically: to a temporary file in the same
// folder, synced, then renamed over path, so path always holds a whole
// log.
func SaveRunLog(path string, l *RunLog) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	err = WriteRunLog(f, l)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
