package resolve

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// defaultBuildLimit is the largest space a Resolver builds a table for on
// the fly when none is stored: 1,814,400 states, every shape of up to 10
// cells, which the breadth-first search covers in well under a second.
const defaultBuildLimit = 1_814_400

// DefaultCacheBytes bounds the tables and databases a Resolver holds in
// memory when Config.CacheBytes is zero: 1 GiB.
const DefaultCacheBytes = 1 << 30

// Config says where a Resolver finds its answers.
type Config struct {
	// Shape fixes the board shape; zero takes it from Goal when that is a
	// board, else from TableFile, else from each board.
	Shape statespace.Shape
	// Goal is "last", "first" or a board: the goal of the boards Answer
	// and For are given; empty means the table file's goal when TableFile
	// is set, else "last". Oracle takes any goal as a parsed board.
	Goal string
	// TableFile is a table to use instead of the embedded and cached ones
	// (-table); its shape and goal must fit.
	TableFile string
	// Cache is the cache folder (the commands hand down
	// store.DefaultCache): tables and pattern databases are looked for
	// there, and databases built are written there unless ReadOnlyCache.
	// The zero Cache has no folder: only embedded tables, tables built in
	// memory, PDBDir and search answer.
	Cache store.Cache
	// Log receives notes for people, a line each, such as pattern
	// databases being built; nil discards them. The lines do not name a
	// command: the commands' writers start each with their own name
	// (cli.LogWriter).
	Log io.Writer
	// Explain turns an error written on Log into its message for people,
	// with the command that fixes it (the commands pass cli.Explain); nil
	// writes the error's own message.
	Explain func(error) string
	// BuildLimit is the largest space built in memory when no table is
	// stored; 0 means every shape of up to 10 cells (1,814,400 boards).
	BuildLimit uint64

	// Boards without a table (spaces over statespace.MaxEnumerate, as the
	// 15-puzzle, and larger spaces whose table is not stored) are solved
	// by IDA* on the heuristic Resolver.Heuristic chooses:

	// PDBDir is a folder of pattern databases looked in before the cache
	// folder (-pdb-dir). It and Partition apply to the goals answered by
	// search: a goal with a table at hand is answered from it (whether a
	// command refuses them there is the command's business: TabledError).
	PDBDir string
	// Partition chooses the pattern databases: a preset name such as
	// "6-6-3" or patterns such as "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15"
	// (-pdb); empty takes the strongest found.
	Partition string
	// Checkpoints makes the searches on pattern databases resumable
	// (-resume); nil: they are not.
	Checkpoints *Checkpoints
	// Progress receives the progress of databases being built; nil
	// reports none.
	Progress Progress

	// CacheBytes bounds the bytes of the tables and databases the
	// Resolver holds; the least recently used are dropped first (a single
	// one larger than the bound is still held while it is the only one).
	// 0 means DefaultCacheBytes.
	CacheBytes int64
	// ReadOnlyCache keeps the Resolver from writing into the cache folder:
	// databases it builds are held in memory only.
	ReadOnlyCache bool
	// Acquire, when set, is called before a table or databases are built
	// in memory and must return a func that releases what it took (the
	// page's work slots, shared with its searches). Its error fails that
	// resolution, which is then not remembered.
	Acquire func(ctx context.Context) (release func(), err error)
}

// A Resolver decides, once for each goal, where the answers for boards
// of that goal come from: the table file given, else the embedded or
// cached table (store.LoadTable), else a table built in memory for small
// spaces, else search on the heuristic Heuristic chooses (pattern
// databases, else linear conflict). It is the one place where tables,
// databases and heuristics are resolved, for the command line, the page
// and the figures alike.
//
// A Resolver is safe for concurrent use: concurrent calls for one goal
// wait for one resolution, which goes on in the background when a
// caller's context ends first. The tables and databases it holds are
// bounded in bytes (Config.CacheBytes), the least recently used dropped
// first; a dropped one is resolved again when asked for.
type Resolver struct {
	cfg   Config
	shape statespace.Shape
	file  *tableOracle // the table read from cfg.TableFile
	base  context.Context
	stop  context.CancelFunc

	mu      sync.Mutex
	entries map[entryKey]*entry
	lru     list.List // of *entry, most recently used first
	used    int64     // bytes of the entries in lru

	// the shape and oracle Answer used last, to skip the map for runs of
	// one shape
	last atomic.Pointer[lastUsed]
}

type lastUsed struct {
	shape statespace.Shape
	o     Oracle
}

// entryKey names what an entry holds: a goal's oracle (part empty), or
// the databases of a partition of a goal (Databases).
type entryKey struct {
	goal statespace.Board
	part string
}

type entry struct {
	key   entryKey
	done  chan struct{}
	o     Oracle        // for an oracle
	a     *pdb.Additive // for databases
	err   error
	bytes int64
	elem  *list.Element // in lru once resolved and held
}

// NewResolver checks cfg and reads cfg.TableFile, if any. Resolutions run
// under ctx (and stop with it) even when the caller that started one has
// given up waiting; Close stops them sooner.
func NewResolver(ctx context.Context, cfg Config) (*Resolver, error) {
	if cfg.BuildLimit == 0 {
		cfg.BuildLimit = defaultBuildLimit
	}
	if cfg.CacheBytes <= 0 {
		cfg.CacheBytes = DefaultCacheBytes
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	r := &Resolver{cfg: cfg, shape: cfg.Shape, entries: map[entryKey]*entry{}}
	if r.shape != (statespace.Shape{}) {
		if err := r.shape.Validate(); err != nil {
			return nil, err
		}
	}
	if r.shape == (statespace.Shape{}) && !isGoalName(cfg.Goal) {
		g, err := statespace.ParseGoal(cfg.Goal, statespace.Shape{})
		if err != nil {
			return nil, err
		}
		r.shape = g.Shape()
	}
	if cfg.TableFile != "" {
		t, err := store.ReadTable(ctx, cfg.TableFile, statespace.Board{})
		if err != nil {
			return nil, err
		}
		goal := t.Space().Goal()
		if r.shape == (statespace.Shape{}) {
			r.shape = goal.Shape()
		}
		if goal.Shape() != r.shape {
			return nil, fmt.Errorf("%s holds the %s table (goal %s), not %s", cfg.TableFile, goal.Shape(), statespace.GoalName(goal), r.shape)
		}
		if cfg.Goal != "" {
			want, err := statespace.ParseGoal(cfg.Goal, r.shape)
			if err != nil {
				return nil, err
			}
			if want != goal {
				return nil, fmt.Errorf("%s holds the table for goal %s, not %s", cfg.TableFile, statespace.GoalName(goal), statespace.GoalName(want))
			}
		}
		r.file = newTableOracle(t, cfg.TableFile)
	}
	r.base, r.stop = context.WithCancel(context.WithoutCancel(ctx))
	if ctx.Done() != nil {
		context.AfterFunc(ctx, r.stop)
	}
	return r, nil
}

// Close stops the resolutions in progress; later calls fail with
// context.Canceled.
func (r *Resolver) Close() { r.stop() }

func isGoalName(s string) bool {
	return s == "" || s == "last" || s == "first"
}

// CacheBytes returns the bound on the bytes of the tables and databases
// the Resolver holds (Config.CacheBytes, defaults filled in).
func (r *Resolver) CacheBytes() int64 { return r.cfg.CacheBytes }

// Shape returns the shape every board must have, or the zero Shape when
// each board's own shape is used.
func (r *Resolver) Shape() statespace.Shape { return r.shape }

// Goal returns the goal of the boards of shape s that Answer and For
// are given: the table file's, else Config.Goal's for s.
func (r *Resolver) Goal(s statespace.Shape) (statespace.Board, error) {
	if r.file != nil && r.file.Goal().Shape() == s {
		return r.file.Goal(), nil
	}
	return statespace.ParseGoal(r.cfg.Goal, s)
}

// For returns the oracle for boards of the given shape and Config.Goal.
func (r *Resolver) For(ctx context.Context, shape statespace.Shape) (Oracle, error) {
	if r.shape != (statespace.Shape{}) && shape != r.shape {
		return nil, fmt.Errorf("the board is %s, want %s", shape, r.shape)
	}
	goal, err := r.Goal(shape)
	if err != nil {
		return nil, err
	}
	return r.Oracle(ctx, goal)
}

// Oracle returns the oracle for the boards of goal, resolving it on
// first use (and again after it was dropped from the cache). A caller
// whose ctx ends first gets ctx's error; the resolution goes on.
func (r *Resolver) Oracle(ctx context.Context, goal statespace.Board) (Oracle, error) {
	if r.file != nil && goal == r.file.Goal() {
		return r.file, nil
	}
	e, err := r.get(ctx, entryKey{goal: goal}, func(e *entry) {
		e.o, e.err = r.resolve(r.base, goal)
		if e.err == nil {
			e.bytes = e.o.Source().Bytes
		}
	})
	if err != nil {
		return nil, err
	}
	return e.o, e.err
}

// Forget drops what the Resolver remembers of goal's failed resolution,
// so that the next call tries again (a table or databases copied in
// meanwhile are found). Failures are remembered otherwise, so that a
// batch says its reason once rather than resolving again for every
// board; a resolution in progress or done is kept.
func (r *Resolver) Forget(goal statespace.Board) {
	r.mu.Lock()
	defer r.mu.Unlock()
	k := entryKey{goal: goal}
	if e := r.entries[k]; e != nil && e.elem == nil && isClosed(e.done) && e.err != nil {
		delete(r.entries, k)
	}
}

// isClosed reports whether ch is closed, without waiting.
func isClosed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// noTableError says a goal has no distance table at hand: none is stored
// and its space is too large to build in memory.
type noTableError struct{ goal statespace.Board }

func (e *noTableError) Error() string {
	return fmt.Sprintf("no distance table for %s goal %s", e.goal.Shape(), statespace.GoalName(e.goal))
}

// Table returns the distance table of goal's boards as Oracle finds it,
// or an error saying there is none when they would be answered by
// search.
func (r *Resolver) Table(ctx context.Context, goal statespace.Board) (statespace.DistanceTable, error) {
	if !r.HasTable(goal) {
		return nil, &noTableError{goal}
	}
	o, err := r.Oracle(ctx, goal)
	if err != nil {
		return nil, err
	}
	if t := o.Source().Table; t != nil {
		return t, nil
	}
	return nil, &noTableError{goal}
}

// StoredCounts returns the number of boards at each distance of goal's
// table: from the table when one is held or small enough to build, else
// from the header of its file in the cache folder, without reading the
// table; nil when there is none.
func (r *Resolver) StoredCounts(ctx context.Context, goal statespace.Board) ([]uint64, error) {
	if sp, err := statespace.NewSpace(goal); err == nil && sp.Size() <= r.cfg.BuildLimit || r.file != nil && r.file.Goal() == goal {
		t, err := r.Table(ctx, goal)
		if err != nil {
			return nil, err
		}
		return t.Counts(), nil
	}
	if r.cfg.Cache.IsZero() {
		return nil, nil // no cache folder: no table there
	}
	return r.cfg.Cache.TableCounts(goal)
}

// NoTableError is the error that says goal has no stored table: where the
// Resolver looked (for callers that go on without one, as the figures do).
func (r *Resolver) NoTableError(goal statespace.Board) error {
	looked := "the cache folder"
	if !r.cfg.Cache.IsZero() {
		looked = r.cfg.Cache.Path(store.TableFile(goal))
	}
	return &store.NotFoundError{Goal: goal, Looked: []string{looked}}
}

// Databases returns the additive pattern databases of part for goal: from
// Config.PDBDir or the cache folder, else built (and written to the cache
// folder unless Config.ReadOnlyCache), held like the tables.
func (r *Resolver) Databases(ctx context.Context, goal statespace.Board, part pdb.Partition) (*pdb.Additive, error) {
	e, err := r.get(ctx, entryKey{goal: goal, part: part.Label()}, func(e *entry) {
		h, err := r.partition(r.base, goal, part)
		if err == nil {
			e.a = h.H.(*pdb.Additive)
			e.bytes = additiveBytes(e.a)
		}
		e.err = err
	})
	if err != nil {
		return nil, err
	}
	return e.a, e.err
}

// get returns the resolved entry of k, running fill (in the background,
// once for every concurrent caller) when there is none.
func (r *Resolver) get(ctx context.Context, k entryKey, fill func(*entry)) (*entry, error) {
	r.mu.Lock()
	e := r.entries[k]
	switch {
	case e == nil:
		e = &entry{key: k, done: make(chan struct{})}
		r.entries[k] = e
		go r.fill(e, fill)
	case e.elem != nil:
		r.lru.MoveToFront(e.elem)
	}
	r.mu.Unlock()
	select {
	case <-e.done:
		return e, nil
	default:
	}
	select {
	case <-e.done:
		return e, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// busyError marks the error of Config.Acquire: the resolution is tried
// again next time.
type busyError struct{ err error }

func (e *busyError) Error() string { return e.err.Error() }
func (e *busyError) Unwrap() error { return e.err }

func (r *Resolver) fill(e *entry, fill func(*entry)) {
	fill(e)
	r.mu.Lock()
	defer r.mu.Unlock()
	defer close(e.done)
	var busy *busyError
	if e.err != nil {
		if errors.As(e.err, &busy) {
			e.err = busy.err
		}
		if r.base.Err() != nil || busy != nil ||
			errors.Is(e.err, context.Canceled) || errors.Is(e.err, context.DeadlineExceeded) {
			delete(r.entries, e.key)
		}
		return
	}
	e.elem = r.lru.PushFront(e)
	r.used += e.bytes
	for r.used > r.cfg.CacheBytes && r.lru.Len() > 1 {
		old := r.lru.Back().Value.(*entry)
		r.lru.Remove(old.elem)
		old.elem = nil
		r.used -= old.bytes
		delete(r.entries, old.key)
		if l := r.last.Load(); l != nil && l.o == old.o {
			r.last.Store(nil)
		}
	}
}

// HeldBytes returns the bytes of the tables and databases the Resolver
// holds, at most Config.CacheBytes unless one alone is larger.
func (r *Resolver) HeldBytes() int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.used
}

func additiveBytes(a *pdb.Additive) int64 {
	var n int64
	for _, p := range a.PDBs() {
		n += int64(p.Entries())
	}
	return n
}

// build runs f holding a work slot (Config.Acquire).
func (r *Resolver) build(ctx context.Context, f func() error) error {
	if r.cfg.Acquire != nil {
		release, err := r.cfg.Acquire(ctx)
		if err != nil {
			return &busyError{err}
		}
		defer release()
	}
	return f()
}

// Answer answers b, as want asks, from the oracle for its shape and
// Config.Goal. When there is none, an unsolvable board still gets its
// *statespace.UnsolvableError, which needs no table; other boards get the
// reason there is no oracle.
func (r *Resolver) Answer(ctx context.Context, b statespace.Board, want Want) (Answer, error) {
	sh := b.Shape()
	l := r.last.Load()
	if l == nil || sh != l.shape {
		// An unsolvable board needs no table or solver, which may take
		// long to find or build.
		if uerr := r.unsolvable(b); uerr != nil {
			return Answer{Board: b, Distance: -1}, uerr
		}
		o, err := r.For(ctx, sh)
		if err != nil {
			if ctx.Err() == nil {
				if uerr := r.unsolvable(b); uerr != nil {
					return Answer{Board: b, Distance: -1}, uerr
				}
			}
			return Answer{Board: b, Distance: -1}, err
		}
		l = &lastUsed{sh, o}
		r.last.Store(l)
	}
	return l.o.Answer(ctx, b, want)
}

// unsolvable returns b's *statespace.UnsolvableError, or nil.
func (r *Resolver) unsolvable(b statespace.Board) error {
	goal, err := r.Goal(b.Shape())
	if err != nil {
		return nil
	}
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return nil
	}
	var u *statespace.UnsolvableError
	if errors.As(sp.Check(b), &u) {
		return u
	}
	return nil
}

// resolve decides where the answers for goal come from.
func (r *Resolver) resolve(ctx context.Context, goal statespace.Board) (Oracle, error) {
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return nil, err
	}
	searchOpts := r.cfg.PDBDir != "" || r.cfg.Partition != ""
	if sp.Size() > statespace.MaxEnumerate {
		// A table built by the 2-bit search (2x7) answers when it exists,
		// unless pattern databases were asked for.
		if !searchOpts {
			t, src, err := r.cfg.Cache.LoadTable(ctx, goal)
			var nf *store.NotFoundError
			if err == nil {
				return newTableOracle(t, src), nil
			} else if !errors.As(err, &nf) {
				return nil, err
			}
		}
		return r.searchOracle(ctx, goal)
	}
	t, src, err := r.cfg.Cache.LoadTable(ctx, goal)
	var nf *store.NotFoundError
	var dmg *store.DamagedError
	enumerate := func() {
		err = r.build(ctx, func() error {
			var berr error
			t, berr = sp.Enumerate(ctx, nil)
			return berr
		})
		src = "built in memory"
	}
	switch {
	case errors.As(err, &nf) && sp.Size() <= r.cfg.BuildLimit:
		// Built in memory in well under a second: nothing worth a note.
		enumerate()
	case errors.As(err, &dmg) && sp.Size() <= r.cfg.BuildLimit:
		// A damaged small table costs less to rebuild than to explain.
		fmt.Fprintf(r.cfg.Log, "warning: %s; building the table in memory instead (%s states)…\n", r.cfg.explain(err), textfmt.Commas(sp.Size()))
		enumerate()
	case errors.As(err, &nf):
		fmt.Fprintf(r.cfg.Log, "%s; until then, solving by search\n", r.cfg.explain(err))
		return r.searchOracle(ctx, goal)
	}
	if err != nil {
		return nil, err
	}
	return newTableOracle(t, src), nil
}

// TabledError says pattern databases were asked for (Config.PDBDir or
// Partition) for boards answered from an exact table, which needs none:
// for a command whose flag would apply to no board.
type TabledError struct{ Goal statespace.Board }

func (e *TabledError) Error() string {
	return fmt.Sprintf("pattern databases apply to boards solved by search; %s boards are answered from the exact distance table of goal %s",
		e.Goal.Shape(), statespace.GoalName(e.Goal))
}

// explain is cfg.Explain, or the error's own message.
func (cfg Config) explain(err error) string {
	if cfg.Explain == nil {
		return err.Error()
	}
	return cfg.Explain(err)
}

// HasTable reports whether the boards of goal have a distance table: the
// table file given, one small enough to build at once, or a file in the
// cache folder (a 12-cell or 2x7 table built by enumerate). A damaged
// file counts: answering from it reports the damage.
func (r *Resolver) HasTable(goal statespace.Board) bool {
	if r.file != nil && r.file.Goal() == goal {
		return true
	}
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return false
	}
	if sp.Size() <= r.cfg.BuildLimit {
		return true
	}
	return r.cfg.Cache.Has(store.TableFile(goal))
}

// Tabled reports whether every board of shape s has a distance table at
// hand (embedded, or small enough to build at once), so that search
// options do not apply to it.
func (r *Resolver) Tabled(s statespace.Shape) bool {
	if r.file != nil {
		return true
	}
	sp, err := statespace.NewSpace(statespace.GoalLast(s))
	return err == nil && sp.Size() <= r.cfg.BuildLimit
}
