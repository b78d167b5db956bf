// Package machine reads what this computer offers a long build: how much
// memory there is to plan for, and how many bytes are free on the disk of
// a folder. Each answer says whether it is known; where the platform does
// not tell, callers plan for the smallest choice.
package machine

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tilespace/tilespace/internal/errkind"
)

// MemoryVar names the environment variable that sets the memory to plan
// for, overriding the machine's own: a size such as 16GiB, 12GB or
// 8000000000, for a machine shared with other work or a container with
// less than the host.
const MemoryVar = "TILESPACE_MEMORY"

// SizeError says the size in $TILESPACE_MEMORY is not one.
type SizeError struct {
	Var, Value string
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("$%s=%q is not a size in bytes such as 16GiB, 12GB or 8000000000", e.Var, e.Value)
}

// Memory returns the bytes of memory to plan for: $TILESPACE_MEMORY when
// it is set, else the machine's physical memory; known is false when
// neither tells (a platform this package cannot read), and err says a
// malformed $TILESPACE_MEMORY.
func Memory() (bytes int64, known bool, err error) {
	if v, ok := os.LookupEnv(MemoryVar); ok && v != "" {
		n, err := ParseSize(v)
		if err != nil {
			return 0, false, &SizeError{Var: MemoryVar, Value: v}
		}
		return n, true, nil
	}
	n, ok := physicalMemory()
	return n, ok, nil
}

// DiskFree returns the bytes an unprivileged user may still write on the
// disk that holds dir, or that will hold it: the nearest folder of dir's
// that exists is asked. known is false where the platform does not tell.
func DiskFree(dir string) (bytes int64, known bool) {
	if dir == "" {
		return 0, false
	}
	dir = filepath.Clean(dir)
	for {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			return diskFree(dir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return 0, false
		}
		dir = parent
	}
}

// units are the suffixes ParseSize takes, longest first so that "GiB"
// is not read as "B".
var units = []struct {
	suffix string
	scale  int64
}{
	{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10},
	{"TB", 1e12}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"kB", 1e3},
	{"T", 1 << 40}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}, {"B", 1},
}

// errSize is ParseSize's refusal; callers wrap it with what was read.
var errSize = errors.New("not a size")

// ParseSize reads a positive size in bytes: a number, optionally with a
// fraction, followed by a unit (KiB, MiB, GiB, TiB in powers of 1024; KB,
// MB, GB, TB in powers of 1000; K, M, G, T as the first) or none (bytes).
func ParseSize(s string) (int64, error) {
	s = strings.TrimSpace(s)
	scale := int64(1)
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			s, scale = strings.TrimSpace(strings.TrimSuffix(s, u.suffix)), u.scale
			break
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || !(f > 0) || f*float64(scale) >= 1<<62 {
		return 0, errSize
	}
	n := int64(f * float64(scale))
	if n < 1 {
		return 0, errSize
	}
	return n, nil
}

// Kind is errkind.Value: the setting, not the machine, is wrong.
func (*SizeError) Kind() errkind.Kind { return errkind.Value }
