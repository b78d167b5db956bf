package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/tilespace/tilespace/statespace"
)

// TextbookCheckpointFile is the checkpoint of a run of analyze's textbook
// table on drawn boards toward goal, the run described by run (every
// parameter its results depend on): e.g.
// "4x4-last-textbook-<hash>.checkpoint", the hash of the two, so a run
// with other parameters never finds it.
func TextbookCheckpointFile(goal statespace.Board, run string) File {
	sum := sha256.Sum256([]byte(goal.String() + "\n" + run))
	return File{goal.Shape().String() + "-" + goalSlug(goal) + "-textbook-" + hex.EncodeToString(sum[:8]) + ".checkpoint"}
}

// TextbookResult is one finished search of a textbook run: the board
// drawn at Depth, searched with Algorithm, and the nodes generated, or
// Stopped when the search reached its time bound.
type TextbookResult struct {
	Depth     int    `json:"depth"`
	Board     string `json:"board"`
	Algorithm string `json:"algorithm"`
	Generated uint64 `json:"generated"`
	Stopped   bool   `json:"stopped,omitempty"`
}

// MaxTextbookCheckpoint bounds the bytes of a textbook checkpoint read:
// 64 MiB, some 500,000 results.
const MaxTextbookCheckpoint = maxCheckpoint

// textbookCheckpointMagic opens every textbook checkpoint, with its
// version.
const textbookCheckpointMagic = "tilespace textbook checkpoint 1\n"

// textbookRecord is the file's JSON body.
type textbookRecord struct {
	Goal    string           `json:"goal"`
	Run     string           `json:"run"`
	Results []TextbookResult `json:"results"`
}

// WriteTextbookCheckpoint writes the results of the run toward goal to
// path atomically: a versioned header, the run and results as JSON, and
// their SHA-256.
func WriteTextbookCheckpoint(ctx context.Context, path string, goal statespace.Board, run string, results []TextbookResult) error {
	return writeSealed(ctx, path, textbookCheckpointMagic, textbookRecord{Goal: goal.String(), Run: run, Results: results})
}

// ReadTextbookCheckpoint reads the checkpoint at path of the run toward
// goal. A missing file is an error matching os.ErrNotExist, a damaged
// one (not a checkpoint, another version, a checksum mismatch, a bad
// field, over MaxTextbookCheckpoint bytes) a *CheckpointDamagedError, one
// of another run a *CheckpointMismatchError.
func ReadTextbookCheckpoint(path string, goal statespace.Board, run string) ([]TextbookResult, error) {
	raw, err := readCheckpoint(path)
	if err != nil {
		return nil, err
	}
	rec, err := decodeTextbookCheckpoint(raw, goal.Shape())
	if err != nil {
		return nil, &CheckpointDamagedError{Path: path, Reason: err.Error()}
	}
	for _, f := range []struct{ name, have, want string }{{"goal", rec.Goal, goal.String()}, {"run", rec.Run, run}} {
		if f.have != f.want {
			return nil, &CheckpointMismatchError{Path: path, Field: f.name, Have: f.have, Want: f.want}
		}
	}
	return rec.Results, nil
}

func decodeTextbookCheckpoint(raw []byte, shape statespace.Shape) (textbookRecord, error) {
	body, err := unsealed(raw, textbookCheckpointMagic, "textbook checkpoint")
	if err != nil {
		return textbookRecord{}, err
	}
	var rec textbookRecord
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return textbookRecord{}, err
	}
	for i, r := range rec.Results {
		if _, err := statespace.Parse(r.Board, shape); err != nil {
			return textbookRecord{}, fmt.Errorf("result %d: board: %v", i, err)
		}
		if r.Depth < 0 || r.Algorithm == "" {
			return textbookRecord{}, fmt.Errorf("result %d: negative depth or no algorithm", i)
		}
	}
	return rec, nil
}
