package resolve

import (
	"github.com/tilespace/tilespace/internal/machine"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
)

// A Rung is one set of pattern databases a shape's presets offer, with
// what it costs: the ladder runs from sets a laptop holds to the
// strongest this project solves with.
type Rung struct {
	Partition string // the preset (pdb.Preset)
	ZeroAware bool   // its zero-aware databases, an entry per blank cell too
	// Disk is the bytes of its files (a byte an entry; the headers'
	// few kilobytes left out).
	Disk int64
	// Held is the bytes a search holds: a zero-aware maximum packed at
	// half a byte an entry (pdb.Pack), any other set mapped whole.
	Held int64
	// Build is the peak memory of its build from an empty cache, as
	// measured on 2 cores (BENCHMARKS.md: "What the heuristic costs").
	Build int64
}

// Memory is the most the rung needs in memory at once: its build or its
// search.
func (r Rung) Memory() int64 { return max(r.Held, r.Build) }

// ladderSteps are the 5x5's rungs, weakest first, with each build's
// measured peak resident memory: the plain 6-6-6-6 1.5 to 2.3 GB; a
// zero-aware set builds two 6-tile databases at a time, 7.6 GB
// (6-6-6-6, and 6-6-6-6x4, whose four more peak at 6.2 GB) to 8.4 GB
// (all fourteen of 6-6-6-6x7) at the peak.
var ladderSteps = []struct {
	partition string
	zeroAware bool
	build     int64
}{
	{"6-6-6-6", false, 2.3e9},
	{"6-6-6-6", true, 7.6e9},
	{"6-6-6-6x4", true, 7.6e9},
	{"6-6-6-6x7", true, 8.4e9},
}

// Ladder returns the rungs of goal's shape, weakest first: on 5x5 (goals
// last and first) the plain 6-6-6-6, the zero-aware 6-6-6-6, and the
// maximums 6-6-6-6x4 and 6-6-6-6x7 held packed; nil for other goals,
// whose presets build in seconds.
func Ladder(goal statespace.Board) []Rung {
	var out []Rung
	for _, s := range ladderSteps {
		part, err := pdb.Preset(s.partition, goal)
		if err != nil {
			return nil
		}
		part.ZeroAware = s.zeroAware
		var entries uint64
		for _, pat := range part.Patterns {
			entries += pdb.Entries(goal.Cells(), len(pat), s.zeroAware)
		}
		held := int64(entries)
		if s.zeroAware && len(part.Groups) > 1 {
			held = int64((entries + 1) / 2)
		}
		out = append(out, Rung{Partition: s.partition, ZeroAware: s.zeroAware, Disk: int64(entries), Held: held, Build: s.build})
	}
	return out
}

// MemoryReserve is the memory a rung leaves to everything else: the
// system, the process and the page cache its files are read through.
const MemoryReserve = 3 << 30

// DiskReserve is the disk a rung leaves free.
const DiskReserve = 1 << 30

// Machine is what a computer offers a set of databases, each figure 0
// when it is not known.
type Machine struct {
	Memory   int64 // bytes of memory to plan for (machine.Memory)
	DiskFree int64 // bytes free on the cache folder's disk
}

// Climb returns the strongest rung of ladder whose build and search fit
// in m's memory and whose files fit on its disk, each less its reserve;
// where none fits, or m's memory is not known, the weakest. diskLimited
// says the disk, not the memory, kept a stronger rung out of one it
// holds.
func Climb(ladder []Rung, m Machine) (r Rung, diskLimited bool) {
	if len(ladder) == 0 {
		return Rung{}, false
	}
	best := 0
	for i, rung := range ladder {
		if m.Memory == 0 || rung.Memory()+MemoryReserve > m.Memory {
			break
		}
		if m.DiskFree != 0 && rung.Disk+DiskReserve > m.DiskFree {
			// The disk stopped the climb above a rung it holds.
			return ladder[best], i > 0
		}
		best = i
	}
	return ladder[best], false
}

// machineFor reads the machine the Resolver plans databases for:
// Config.Memory, else machine.Memory ($TILESPACE_MEMORY, else the
// physical memory), and the free disk of the cache folder.
func (r *Resolver) machineFor() (Machine, error) {
	var m Machine
	if r.cfg.Memory > 0 {
		m.Memory = r.cfg.Memory
	} else {
		n, known, err := machine.Memory()
		if err != nil {
			return Machine{}, err
		}
		if known {
			m.Memory = n
		}
	}
	if dir := r.cfg.Cache.Dir(); dir != "" {
		if n, known := machine.DiskFree(dir); known {
			m.DiskFree = n
		}
	}
	return m, nil
}
