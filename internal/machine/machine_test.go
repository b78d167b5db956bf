package machine

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

var sizes = []struct {
	in   string
	want int64
}{
	{"16GiB", 16 << 30},
	{"12GB", 12e9},
	{"8000000000", 8e9},
	{"1.5 GiB", 3 << 29},
	{"512M", 512 << 20},
	{"2T", 2 << 40},
	{"100B", 100},
}

func TestParseSize(t *testing.T) {
	for i, c := range sizes {
		got, err := ParseSize(c.in)
		if err != nil || got != c.want {
			t.Errorf("%d: ParseSize(%q) = %d, %v; want %d", i, c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "GiB", "-1G", "0", "NaN", "Inf", "1e30", "sixteen", "16 GiBs", "0.1"} {
		if n, err := ParseSize(bad); err == nil {
			t.Errorf("ParseSize(%q) = %d, want an error", bad, n)
		}
	}
}

func TestMemoryOverride(t *testing.T) {
	t.Setenv(MemoryVar, "8GiB")
	n, known, err := Memory()
	if err != nil || !known || n != 8<<30 {
		t.Fatalf("Memory() with %s=8GiB = %d, %v, %v", MemoryVar, n, known, err)
	}
	t.Setenv(MemoryVar, "lots")
	if _, _, err := Memory(); err == nil {
		t.Fatalf("Memory() with %s=lots: no error", MemoryVar)
	}
}

// On Linux the machine's memory agrees with /proc/meminfo's MemTotal,
// an independent reading of the same count.
func TestMemoryLinux(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("read on Linux only")
	}
	t.Setenv(MemoryVar, "")
	n, known, err := Memory()
	if err != nil || !known || n <= 0 {
		t.Fatalf("Memory() = %d, %v, %v", n, known, err)
	}
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		t.Skip(err)
	}
	var kb int64
	for _, line := range strings.Split(string(b), "\n") {
		if _, err := fmt.Sscanf(line, "MemTotal: %d kB", &kb); err == nil {
			break
		}
	}
	if kb == 0 || n/1024 != kb {
		t.Errorf("Memory() = %d bytes, /proc/meminfo MemTotal %d kB", n, kb)
	}
}

// A folder not made yet is asked of its nearest existing parent.
func TestDiskFreeMissingFolder(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("read on Linux only")
	}
	dir := t.TempDir()
	have, ok := DiskFree(dir)
	if !ok || have <= 0 {
		t.Fatalf("DiskFree(%s) = %d, %v", dir, have, ok)
	}
	deep, ok := DiskFree(filepath.Join(dir, "a", "b", "c"))
	if !ok || deep <= 0 {
		t.Fatalf("DiskFree of a folder not made = %d, %v", deep, ok)
	}
	// Both read the same disk moments apart: within 1 GB of each other.
	if d := have - deep; d > 1e9 || d < -1e9 {
		t.Errorf("DiskFree %d and %d for the same disk", have, deep)
	}
}
