package generate

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/tablefile"
)

// DiffersError says a verified file differs from a fresh build: the
// report's facts (Report.Difference says where).
type DiffersError struct{ Report VerifyReport }

// Kind is errkind.Damaged.
func (*DiffersError) Kind() errkind.Kind { return errkind.Damaged }

func (e *DiffersError) Error() string {
	fresh := "search"
	if e.Report.Pattern != "" {
		fresh = "build"
	}
	return fmt.Sprintf("%s differs from a fresh %s", e.Report.File, fresh)
}

// Err returns a *DiffersError when the file differs from a fresh build,
// else nil.
func (r VerifyReport) Err() error {
	if r.ok() {
		return nil
	}
	return &DiffersError{Report: r}
}

// VerifyFile re-derives the distance table or pattern database in the
// file at path (a fresh 2-bit search or a rebuilt database, by the kind
// its header names): the check for a file from elsewhere, which catches
// any forgery, even one that keeps every rule a lookup can test and
// recomputes the checksums.
func VerifyFile(ctx context.Context, path string, workers int) (VerifyReport, error) {
	f, err := tablefile.Open(path)
	if err != nil {
		return VerifyReport{}, err
	}
	kind := f.Header.Kind
	f.Close()
	if kind == tablefile.KindPDB {
		return verifyPDB(ctx, path)
	}
	return verifyTable(ctx, path, workers)
}

// verifyPDB rebuilds the pattern database in the file at path from the
// goal and tiles its header names (pdb.Verify) and compares every entry,
// reporting the first that differs. A file whose values disagree with its
// own header (counts) is reported as a difference too; damage the
// container catches (a checksum) is an error.
func verifyPDB(ctx context.Context, path string) (VerifyReport, error) {
	f, err := tablefile.Open(path)
	if err != nil {
		return VerifyReport{}, err
	}
	h := f.Header
	f.Close()
	if h.Kind != tablefile.KindPDB {
		return VerifyReport{}, fmt.Errorf("%s holds a %s, not a pattern database", path, h.Kind)
	}
	goal, err := statespace.BoardFromBytes(statespace.Shape{Rows: h.Rows, Cols: h.Cols}, h.Goal)
	if err != nil {
		return VerifyReport{}, fmt.Errorf("%s: the goal in the header: %w", path, err)
	}
	tiles := make([]int, len(h.Pattern))
	names := make([]string, len(h.Pattern))
	for i, t := range h.Pattern {
		tiles[i], names[i] = int(t), fmt.Sprint(t)
	}
	r := VerifyReport{File: path, Shape: goal.Shape().String(), Goal: statespace.GoalName(goal), Pattern: strings.Join(names, ","), States: h.Entries}
	p, err := store.ReadPDB(path, goal, tiles)
	var de *store.PDBDecodeError
	if errors.As(err, &de) {
		r.Difference = "the file is not a consistent database: " + de.Msg
		return r, nil
	} else if err != nil {
		return VerifyReport{}, err
	}
	start := time.Now()
	err = pdb.Verify(ctx, p, nil)
	r.Seconds = time.Since(start).Seconds()
	var ve *pdb.VerifyError
	if errors.As(err, &ve) {
		r.Difference = fmt.Sprintf("placement %v (rank %d) is stored with the value %d, a fresh build gives %d", ve.Cells, ve.Rank, ve.Stored, ve.Rebuilt)
		return r, nil
	}
	return r, err
}
