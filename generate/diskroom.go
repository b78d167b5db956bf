package generate

import (
	"fmt"
	"os"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/twobit"
)

// pdbFileSlack is what a database file takes beyond its entries (header,
// block checksums), with room to spare: a few hundred bytes are measured.
const pdbFileSlack = 64 << 10

// PDBSpaceError says the folder the pattern databases of a partition go
// to has less free disk than their files take. Nothing of the partition
// was written.
type PDBSpaceError struct {
	Dir       string
	Partition string // its label, e.g. "6-6-3"
	Need      uint64 // bytes the files still to be written take
	Free      uint64 // bytes free there
}

// Kind is errkind.Limit.
func (*PDBSpaceError) Kind() errkind.Kind { return errkind.Limit }

func (e *PDBSpaceError) Error() string {
	return fmt.Sprintf("not enough disk for the pattern databases %s in %s: they need %s (%s bytes) free, %s (%s bytes) is free",
		e.Partition, e.Dir, twobit.Bytes(e.Need), textfmt.Commas(e.Need), twobit.Bytes(e.Free), textfmt.Commas(e.Free))
}

// pdbDiskNeed is the free disk the files of job's databases take in dir:
// a byte an entry and pdbFileSlack each, less the files a resumed build
// keeps (those already there; a file written anew replaces the old one
// only once whole, so both are on the disk for a moment).
func pdbDiskNeed(job PDBJob, dir string, resume bool) uint64 {
	cache := store.NewCache(dir)
	var need uint64
	for _, pat := range job.Partition.Patterns {
		if resume {
			f := store.PDBFile(job.Goal, pat)
			if job.Partition.ZeroAware {
				f = store.ZeroAwarePDBFile(job.Goal, pat)
			}
			if _, err := os.Stat(cache.Path(f)); err == nil {
				continue
			}
		}
		need += pdb.Entries(job.Goal.Cells(), len(pat), job.Partition.ZeroAware) + pdbFileSlack
	}
	return need
}

// roomForPDBs returns a *PDBSpaceError when dir has less free disk than
// job's files take. A free space that cannot be told refuses nothing: the
// write itself then finds a full disk (and leaves no partial file).
func roomForPDBs(job PDBJob, dir string, resume bool, free func(string) (uint64, error)) error {
	if free == nil {
		free = twobit.DiskFree
	}
	need := pdbDiskNeed(job, dir, resume)
	n, err := free(dir)
	if err != nil || n >= need {
		return nil
	}
	return &PDBSpaceError{Dir: dir, Partition: job.Partition.Label(), Need: need, Free: n}
}
