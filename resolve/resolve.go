package resolve

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
)

// DefaultBuildLimit is the largest space a Resolver builds a table for on
// the fly when none is stored and Config.BuildLimit is zero: 1,814,400
// states, every shape of up to 10 cells, which the breadth-first search
// covers in well under a second.
const DefaultBuildLimit = 1_814_400

// DefaultCacheBytes bounds the tables and databases a Resolver holds in
// memory when Config.CacheBytes is zero: 1 GiB.
const DefaultCacheBytes = 1 << 30

// Config says where a Resolver finds its answers. It holds values, not
// text: the commands read their flags (the goal, -table, -pdb) before
// they make a Resolver.
type Config struct {
	// Table answers the boards of its goal before anything else: the
	// oracle (NewTableOracle) of a table file a command was given
	// (-table); nil: none.
	Table Oracle
	// Cache is the cache folder (the commands hand down
	// store.DefaultCache): tables and pattern databases are looked for
	// there, and databases built are written there unless ReadOnlyCache.
	// The zero Cache has no folder: only embedded tables, tables built in
	// memory, PDBDir and search answer.
	Cache store.Cache
	// Log receives notes for people, unless the call's context carries
	// its own writer (WithLog), a line each, such as pattern
	// databases being built; nil discards them. The lines do not name a
	// command: the commands' writers start each with their own name
	// (cli.LogWriter).
	Log io.Writer
	// Explain turns an error written on Log into its message for people,
	// with the command that fixes it (the commands pass cli.Explain); nil
	// writes the error's own message.
	Explain func(error) string
	// Memory is the bytes of memory to plan pattern databases for (the
	// set a 5x5 goal without any is told to build); 0 reads the machine
	// (internal/machine: $TILESPACE_MEMORY, else the physical memory).
	Memory int64
	// BuildLimit is the largest space built in memory when no table is
	// stored; 0 means DefaultBuildLimit.
	BuildLimit uint64

	// Boards without a table (spaces over table.MaxEnumerate, as the
	// 15-puzzle, and larger spaces whose table is not stored) are solved
	// by IDA* on the heuristic the Resolver chooses:

	// PDBDir is a folder of pattern databases looked in before the cache
	// folder (-pdb-dir). It and Partition apply to the goals answered by
	// search: a goal with a table at hand is answered from it (whether a
	// command refuses them there is the command's business).
	PDBDir string
	// Partition chooses the pattern databases (-pdb): the zero Partition
	// takes the strongest found; one with a Name and no Patterns is that
	// preset (pdb.Preset) on each goal, so "6-6-3" serves the goals last
	// and first alike; any other is used as it is, on the goals of the
	// shapes it fits (pdb.Partition.Validate).
	Partition pdb.Partition
	// Progress receives the progress of databases being built, unless
	// the call's context carries its own (WithProgress); nil reports
	// none.
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

// Need is what a caller needs of the oracle of a goal: the choices of
// each call, as Want is of each answer, so that one Resolver serves
// callers that want a table and nothing else and callers that take any
// source alike.
type Need struct {
	// TableOnly takes a distance table only: a goal without one at hand
	// (HasTable) is not resolved at all, and one answered by search gives
	// an error, so that no pattern databases are built for nothing.
	TableOnly bool
	// Retry resolves again a goal whose last resolution failed, so that a
	// table or databases copied in meanwhile are found. Failures are
	// otherwise remembered, so that a batch says its reason once rather
	// than resolving again for every board; a resolution in progress or
	// done is kept either way.
	Retry bool
}

// A Resolver gives the oracle of each goal, cached and bounded: it
// decides once for each goal where the answers for its boards come from
// — the table of Config.Table, else the embedded or cached table
// (store.LoadTable), else a table built in memory for small spaces, else
// search on the heuristic it chooses (pattern databases, else linear
// conflict) — and holds what it found for the next call. It is the one
// place where tables, databases and heuristics are resolved, for the
// command line, the page and the figures alike. Which goal a board has
// is the caller's to say (statespace.Goal), as are what it needs of the
// oracle (Need) and of each answer (Want).
//
// A Resolver is safe for concurrent use: concurrent calls for one goal
// wait for one resolution, which goes on in the background when a
// caller's context ends first. The tables and databases it holds are
// bounded in bytes (Config.CacheBytes), the least recently used dropped
// first; a dropped one is resolved again when asked for.
type Resolver struct {
	cfg  Config
	file Oracle // cfg.Table
	base context.Context
	stop context.CancelFunc

	mu      sync.Mutex
	entries map[entryKey]*entry
	lru     list.List // of *entry, most recently used first
	used    int64     // bytes of the entries in lru

	// the oracle Answer used last, to skip the map for runs of one goal
	last atomic.Pointer[lastUsed]
}

type lastUsed struct {
	goal statespace.Board
	o    Oracle
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

// NewResolver checks cfg. Resolutions run under ctx (and stop with it)
// even when the caller that started one has given up waiting; Close stops
// them sooner.
func NewResolver(ctx context.Context, cfg Config) (*Resolver, error) {
	if cfg.BuildLimit == 0 {
		cfg.BuildLimit = DefaultBuildLimit
	}
	if cfg.CacheBytes <= 0 {
		cfg.CacheBytes = DefaultCacheBytes
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	r := &Resolver{cfg: cfg, entries: map[entryKey]*entry{}}
	if cfg.Table != nil {
		if cfg.Table.Source().Kind != FromTable {
			return nil, fmt.Errorf("resolve: Config.Table answers from %s, not from a table", cfg.Table.Source().Solver)
		}
		r.file = cfg.Table
	}
	if p := cfg.Partition; len(p.Patterns) == 0 && p.Name != "" {
		if _, ok := pdb.PresetShape(p.Name); !ok {
			return nil, fmt.Errorf("resolve: Config.Partition names no preset: %q", p.Name)
		}
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

// Oracle returns the oracle for the boards of goal, resolving it on
// first use (and again after it was dropped from the cache), as need
// says. A caller whose ctx ends first gets ctx's error; the resolution
// goes on.
func (r *Resolver) Oracle(ctx context.Context, goal statespace.Board, need Need) (Oracle, error) {
	if r.file != nil && goal == r.file.Goal() {
		return r.file, nil
	}
	if need.TableOnly && !r.HasTable(goal) {
		return nil, &noTableError{goal}
	}
	if need.Retry {
		r.forget(goal)
	}
	base := r.baseFor(ctx)
	e, err := r.get(ctx, entryKey{goal: goal}, func(e *entry) {
		e.o, e.err = r.resolve(base, goal)
		if e.err == nil {
			e.bytes = e.o.Source().Bytes
		}
	})
	if err != nil {
		return nil, err
	}
	if e.err != nil {
		return nil, e.err
	}
	if need.TableOnly && e.o.Source().Kind != FromTable {
		return nil, &noTableError{goal}
	}
	return e.o, nil
}

// forget drops what the Resolver remembers of goal's failed resolution
// (Need.Retry).
func (r *Resolver) forget(goal statespace.Board) {
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

// Kind is errkind.Missing.
func (*noTableError) Kind() errkind.Kind { return errkind.Missing }

func (e *noTableError) Error() string {
	return fmt.Sprintf("no distance table for %s goal %s", e.goal.Shape(), statespace.GoalName(e.goal))
}

// Databases returns the additive pattern databases of part for goal: from
// Config.PDBDir or the cache folder, else built (and written to the cache
// folder unless Config.ReadOnlyCache), held like the tables.
func (r *Resolver) Databases(ctx context.Context, goal statespace.Board, part pdb.Partition) (*pdb.Additive, error) {
	base := r.baseFor(ctx)
	e, err := r.get(ctx, entryKey{goal: goal, part: part.Label()}, func(e *entry) {
		h, err := r.partition(base, goal, part)
		if err == nil {
			e.a = h.dbs
			e.bytes = additiveBytes(e.a)
		}
		e.err = err
	})
	if err != nil {
		return nil, err
	}
	return e.a, e.err
}

// baseFor is the Resolver's own context, under which resolutions run
// (whoever waits for them), carrying the progress and the log of ctx
// (WithProgress, WithLog): the caller that starts a resolution sees its
// progress and notes.
func (r *Resolver) baseFor(ctx context.Context) context.Context {
	base := r.base
	if p, ok := ctx.Value(progressKey{}).(Progress); ok {
		base = WithProgress(base, p)
	}
	if w, ok := ctx.Value(logKey{}).(io.Writer); ok {
		base = WithLog(base, w)
	}
	return base
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

// Held returns the bytes of the tables and databases the Resolver holds
// and its bound on them (Config.CacheBytes, defaults filled in): held is
// at most bound unless one alone is larger.
func (r *Resolver) Held() (held, bound int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.used, r.cfg.CacheBytes
}

func additiveBytes(a *pdb.Additive) int64 {
	var n int64
	for _, p := range a.PDBs() {
		n += int64(len(p.Values())) // a byte an entry, half that packed
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

// Answer answers b, as want asks, from the oracle of goal. When there is
// none, an unsolvable board still gets its *statespace.UnsolvableError,
// which needs no table; other boards get the reason there is no oracle.
// Runs of boards of one goal skip the look-up of its oracle.
func (r *Resolver) Answer(ctx context.Context, goal, b statespace.Board, want Want) (Answer, error) {
	l := r.last.Load()
	if l == nil || goal != l.goal {
		// An unsolvable board needs no table or solver, which may take
		// long to find or build.
		if uerr := CheckSolvable(goal, b); uerr != nil {
			return Answer{Board: b, Distance: -1}, uerr
		}
		o, err := r.Oracle(ctx, goal, Need{})
		if err != nil {
			return Answer{Board: b, Distance: -1}, err
		}
		l = &lastUsed{goal, o}
		r.last.Store(l)
	}
	return l.o.Answer(ctx, b, want)
}

// CheckSolvable is the one check of the parity rule every door asks
// before looking for answers (Answer asks it too): b's
// *statespace.UnsolvableError when it cannot reach goal, else nil (a
// board of another shape than goal's is not this check's to refuse).
func CheckSolvable(goal, b statespace.Board) error {
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

// Solvable is CheckSolvable's rule as a yes or no, for the rows of an
// array of boards of sp's goal: no space is made and no explanation
// built for each.
func Solvable(sp *statespace.Space, b statespace.Board) bool { return sp.Reachable(b) }

// resolve decides where the answers for goal come from.
func (r *Resolver) resolve(ctx context.Context, goal statespace.Board) (Oracle, error) {
	sp, err := statespace.NewSpace(goal)
	if err != nil {
		return nil, err
	}
	searchOpts := r.cfg.PDBDir != "" || !isZero(r.cfg.Partition)
	if sp.Size() > table.MaxEnumerate {
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
			t, berr = table.Enumerate(ctx, sp, nil)
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
		fmt.Fprintf(r.log(ctx), "warning: %s; building the table in memory instead (%s states)…\n", r.cfg.explain(err), textfmt.Commas(sp.Size()))
		enumerate()
	case errors.As(err, &nf):
		fmt.Fprintf(r.log(ctx), "%s; until then, solving by search\n", r.cfg.explain(err))
		return r.searchOracle(ctx, goal)
	}
	if err != nil {
		return nil, err
	}
	return newTableOracle(t, src), nil
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
