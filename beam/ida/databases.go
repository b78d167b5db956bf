package ida

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// Heuristic names the pattern databases a search uses and where every
// worker reads them.
type Heuristic struct {
	// Databases is the folder holding the database files (the names
	// store.PDBFile gives, as in a tilespace cache folder): a local folder
	// every worker sees, or gs://bucket/path.
	Databases string
	// Partition is the partition's text for pdb.ParsePartition: a preset
	// such as 6-6-3 or 6-6-6-6x7, or patterns such as 1,2,3/4,5,6,7,8.
	Partition string
	// ZeroAware takes the zero-aware databases of the partition (the
	// files enumerate databases -zero-aware writes), as the 24-puzzle's
	// 6-6-6-6x7 set is.
	ZeroAware bool
	// Prune is the pruning machine's depth (solver.Solver.Prune; 0: the
	// default for the shape).
	Prune int
}

// solvers holds one solver per heuristic and goal for the whole process:
// a worker process runs many DoFn instances and bundles, and the
// databases (17 GB for the 24-puzzle's strongest set) are loaded once.
var solvers = struct {
	sync.Mutex
	m map[string]*solverOnce
}{m: map[string]*solverOnce{}}

type solverOnce struct {
	mu sync.Mutex
	s  *solver.Solver
}

// loadSolver returns the process's solver for goal with the heuristic h,
// loading the databases the first time.
func loadSolver(ctx context.Context, goal statespace.Board, h Heuristic) (*solver.Solver, error) {
	key := fmt.Sprintf("%s|%s|%s|%v|%d", goal, h.Databases, h.Partition, h.ZeroAware, h.Prune)
	solvers.Lock()
	so := solvers.m[key]
	if so == nil {
		so = &solverOnce{}
		solvers.m[key] = so
	}
	solvers.Unlock()
	so.mu.Lock()
	defer so.mu.Unlock()
	if so.s == nil { // a failed load (a canceled context) is tried again
		s, err := newSolver(ctx, goal, h)
		if err != nil {
			return nil, err
		}
		so.s = s
	}
	return so.s, nil
}

// newSolver reads the databases of h for goal: in place from a local
// folder, after copying them to the worker's temporary folder from object
// storage (once per worker machine: a later process finds the copies).
func newSolver(ctx context.Context, goal statespace.Board, h Heuristic) (*solver.Solver, error) {
	part, err := pdb.ParsePartition(h.Partition, goal)
	if err != nil {
		return nil, err
	}
	part.ZeroAware = part.ZeroAware || h.ZeroAware
	dir := h.Databases
	if isRemote(dir) {
		sum := sha256.Sum256([]byte(dir))
		dir = filepath.Join(os.TempDir(), fmt.Sprintf("tilespace-pdb-%x", sum[:8]))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		for _, pat := range part.Patterns {
			name := store.PDBFile(goal, pat).Name()
			if part.ZeroAware {
				name = store.ZeroAwarePDBFile(goal, pat).Name()
			}
			local := filepath.Join(dir, name)
			if _, err := os.Stat(local); err == nil {
				continue // copied by an earlier process; store checks its checksums on reading
			}
			if err := copyFile(ctx, join(h.Databases, name), local); err != nil {
				return nil, err
			}
		}
	}
	a, _, err := store.LoadPartition(ctx, []string{dir}, goal, part, nil)
	if err != nil {
		return nil, err
	}
	s, err := solver.New(a)
	if err != nil {
		return nil, err
	}
	s.Prune = h.Prune
	return s, nil
}
