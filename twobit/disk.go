package twobit

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/tilespace/tilespace/internal/errkind"
)

// NoSpaceError says the disk that holds a search's checkpoint has less
// room than the next step needs: checked before the search starts (for
// its peak, Estimate.Disk, less a checkpoint already there) and before
// each checkpoint (for the new copy, which sits beside the old one until
// it is whole). The last checkpoint, if any, stays usable: once there is
// room, the search continues from it with Resume.
type NoSpaceError struct {
	Path string // the checkpoint
	Need uint64 // bytes of free disk the step needs
	Free uint64 // bytes free there
	// Start is true when the search had not begun.
	Start bool
}

// Kind is errkind.Limit.
func (*NoSpaceError) Kind() errkind.Kind { return errkind.Limit }

func (e *NoSpaceError) Error() string {
	what := "the next checkpoint"
	if e.Start {
		what = "the search"
	}
	return fmt.Sprintf("twobit: not enough disk for %s at %s: it needs %s (%d bytes) free, %s (%d bytes) is free",
		what, e.Path, Bytes(e.Need), e.Need, Bytes(e.Free), e.Free)
}

// room returns a *NoSpaceError when the disk holding the checkpoint has
// less than need bytes free. A free space that cannot be told (no statfs
// here) refuses nothing: the write itself then finds a full disk.
func (s *search) room(need uint64, start bool) error {
	free := s.opts.FreeSpace
	if free == nil {
		free = DiskFree
	}
	n, err := free(filepath.Dir(s.opts.Checkpoint))
	if err != nil || n >= need {
		return nil
	}
	return &NoSpaceError{Path: s.opts.Checkpoint, Need: need, Free: n, Start: start}
}

// startNeed is the free disk a search needs before it starts: its peak
// less the checkpoint it resumes from, which is already on the disk.
func startNeed(est Estimate, checkpoint string, resumed bool) uint64 {
	if !resumed {
		return est.Disk
	}
	st, err := os.Stat(checkpoint)
	if err != nil || uint64(st.Size()) >= est.Disk {
		return 0
	}
	return est.Disk - uint64(st.Size())
}
