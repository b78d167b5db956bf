package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
)

// SolveCheckpointFile is the checkpoint of a resumable IDA* search
// (solver.Solver.Resume) of board toward goal with the heuristic named
// heuristic (as query names it, e.g. "pdb 1,2,3/4,5,6+reflection"):
// e.g. "4x4-first-solve-<hash>.checkpoint", the hash of the three, so
// every search has its own file.
func SolveCheckpointFile(goal, board statespace.Board, heuristic string) File {
	sum := sha256.Sum256([]byte(goal.String() + "\n" + board.String() + "\n" + heuristic))
	return File{goal.Shape().String() + "-" + goalSlug(goal) + "-solve-" + hex.EncodeToString(sum[:8]) + ".checkpoint"}
}

// solveCheckpointMagic opens every search checkpoint, with its version.
const solveCheckpointMagic = "tilespace solve checkpoint 1\n"

// solveRecord is the file's JSON body.
type solveRecord struct {
	Shape      string     `json:"shape"`
	Goal       string     `json:"goal"`
	Board      string     `json:"board"`
	Heuristic  string     `json:"heuristic"`
	Bound      int        `json:"bound"`
	Iterations int        `json:"iterations"`
	Nodes      uint64     `json:"nodes"`
	Generated  uint64     `json:"generated"`
	Elapsed    int64      `json:"elapsed_ns"`
	Split      int        `json:"split"`
	Tasks      int        `json:"tasks"`
	Done       [][4]int64 `json:"done"` // subtree index, expanded, generated, next
	// IterationNodes are the nodes of each finished iteration; a file
	// without the field (this version's files may lack it) reads as none.
	IterationNodes []uint64 `json:"iteration_nodes,omitempty"`
	// Heavy are the subtrees later iterations cut deeper
	// (solver.Checkpoint.Heavy), one letter a move; absent in files
	// written before.
	Heavy []string `json:"heavy,omitempty"`
	// Path is the solution of a search that ended (solver.Checkpoint.Path),
	// one letter a move; absent while the search is under way.
	Path *string `json:"path,omitempty"`
}

// WriteSolveCheckpoint writes c to path atomically (a crash leaves the
// old file or the new one, never a mix): a versioned header, the
// checkpoint as JSON, and its SHA-256. Whether the contents fit a
// search is solver's to judge (SolveCheckpointed).
func WriteSolveCheckpoint(ctx context.Context, path string, cp *solver.Checkpoint) error {
	rec := solveRecord{Shape: cp.Goal.Shape().String(), Goal: cp.Goal.String(), Board: cp.Board.String(),
		Heuristic: cp.Heuristic, Bound: cp.Bound, Iterations: cp.Iterations, Nodes: cp.Nodes,
		Generated: cp.Generated, Elapsed: int64(cp.Elapsed), Split: cp.Split, Tasks: cp.Tasks, Done: [][4]int64{},
		IterationNodes: cp.IterationNodes, Heavy: cp.Heavy}
	if cp.Path != nil {
		p := statespace.MoveLetters(cp.Path)
		rec.Path = &p
	}
	for _, st := range cp.Done {
		rec.Done = append(rec.Done, [4]int64{int64(st.Index), int64(st.Nodes), int64(st.Generated), int64(st.Next)})
	}
	slices.SortFunc(rec.Done, func(a, b [4]int64) int { return int(a[0] - b[0]) })
	return writeSealed(ctx, path, solveCheckpointMagic, rec)
}

// CheckpointDamagedError says a search checkpoint cannot be read: not a
// checkpoint, another version, a checksum mismatch or a bad field.
type CheckpointDamagedError struct {
	Path, Reason string
}

// Kind is errkind.Damaged.
func (*CheckpointDamagedError) Kind() errkind.Kind { return errkind.Damaged }

func (e *CheckpointDamagedError) Error() string {
	return fmt.Sprintf("store: search checkpoint %s is damaged: %s", e.Path, e.Reason)
}

// CheckpointMismatchError says a search checkpoint belongs to another
// search: Field ("goal", "board" or "heuristic") differs, Have in the
// file, Want asked for.
type CheckpointMismatchError struct {
	Path, Field, Have, Want string
}

// Kind is errkind.Value.
func (*CheckpointMismatchError) Kind() errkind.Kind { return errkind.Value }

func (e *CheckpointMismatchError) Error() string {
	return fmt.Sprintf("store: search checkpoint %s is of %s %q, not %q", e.Path, e.Field, e.Have, e.Want)
}

// ReadSolveCheckpoint reads the checkpoint at path of the search of board
// toward goal with heuristic. A missing file is an error matching
// os.ErrNotExist, a damaged one a *CheckpointDamagedError, one of
// another search a *CheckpointMismatchError.
func ReadSolveCheckpoint(path string, goal, board statespace.Board, heuristic string) (solver.Checkpoint, error) {
	raw, err := readCheckpoint(path)
	if err != nil {
		return solver.Checkpoint{}, err
	}
	c, err := decodeSolveCheckpoint(raw, goal.Shape())
	if err != nil {
		return solver.Checkpoint{}, &CheckpointDamagedError{Path: path, Reason: err.Error()}
	}
	for _, f := range []struct{ name, have, want string }{
		{"goal", c.Goal.String(), goal.String()},
		{"board", c.Board.String(), board.String()},
		{"heuristic", c.Heuristic, heuristic},
	} {
		if f.have != f.want {
			return solver.Checkpoint{}, &CheckpointMismatchError{Path: path, Field: f.name, Have: f.have, Want: f.want}
		}
	}
	return c, nil
}

func decodeSolveCheckpoint(raw []byte, shape statespace.Shape) (solver.Checkpoint, error) {
	body, err := unsealed(raw, solveCheckpointMagic, "search checkpoint")
	if err != nil {
		return solver.Checkpoint{}, err
	}
	var rec solveRecord
	if err := json.Unmarshal(body, &rec); err != nil {
		return solver.Checkpoint{}, err
	}
	if rec.Shape != shape.String() {
		return solver.Checkpoint{}, fmt.Errorf("shape %s, want %s", rec.Shape, shape)
	}
	goal, err := statespace.Parse(rec.Goal, shape)
	if err != nil {
		return solver.Checkpoint{}, fmt.Errorf("goal: %v", err)
	}
	board, err := statespace.Parse(rec.Board, shape)
	if err != nil {
		return solver.Checkpoint{}, fmt.Errorf("board: %v", err)
	}
	if rec.Bound < 0 || rec.Split < 0 || rec.Tasks < 0 || rec.Iterations < 0 || rec.Elapsed < 0 {
		return solver.Checkpoint{}, fmt.Errorf("negative bound, split, tasks, iterations or time")
	}
	cp := solver.Checkpoint{Board: board, Goal: goal, Heuristic: rec.Heuristic, Bound: rec.Bound,
		Iterations: rec.Iterations, Nodes: rec.Nodes, Generated: rec.Generated,
		Elapsed: time.Duration(rec.Elapsed), Split: rec.Split, Tasks: rec.Tasks, IterationNodes: rec.IterationNodes}
	if len(rec.Heavy) > solver.MaxHeavy {
		return solver.Checkpoint{}, fmt.Errorf("%d heavy subtrees, more than %d", len(rec.Heavy), solver.MaxHeavy)
	}
	for _, h := range rec.Heavy {
		if m, err := statespace.ParseMoveLetters(h); err != nil || len(m) == 0 || len(m) > solver.MaxBound {
			return solver.Checkpoint{}, fmt.Errorf("heavy subtree %q: not a path of 1 to %d moves", h, solver.MaxBound)
		}
	}
	cp.Heavy = rec.Heavy
	if rec.Path != nil {
		if len(*rec.Path) > solver.MaxBound {
			return solver.Checkpoint{}, fmt.Errorf("a solution of %d moves, more than the %d a search goes", len(*rec.Path), solver.MaxBound)
		}
		if cp.Path, err = statespace.ParseMoveLetters(*rec.Path); err != nil {
			return solver.Checkpoint{}, fmt.Errorf("solution: %v", err)
		}
	}
	for _, d := range rec.Done {
		if d[0] < 0 || d[1] < 0 || d[2] < 0 || d[3] < 0 {
			return solver.Checkpoint{}, fmt.Errorf("negative subtree field")
		}
		cp.Done = append(cp.Done, solver.Subtree{Index: int(d[0]), Nodes: uint64(d[1]), Generated: uint64(d[2]), Next: int(d[3])})
	}
	return cp, nil
}
