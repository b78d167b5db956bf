package table

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/internal/testkit/longtest"

	"github.com/tilespace/tilespace/statespace"
)

// The mod4-bit payload alone determines every distance: walking toward the
// goal from it gives the table's distance for every board of 3x3 and 2x4.
func TestWalkDistance(t *testing.T) {
	for _, goal := range []statespace.Board{statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}), statespace.MustBoard(statespace.Shape{Rows: 3, Cols: 3}, 1, 0, 2, 3, 4, 5, 6, 7, 8), statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 4})} {
		sp := statespace.MustSpace(goal)
		tab, err := Enumerate(context.Background(), sp, nil)
		if err != nil {
			t.Fatal(err)
		}
		payload := Mod4Bytes(tab.Mod4Payload())
		step := uint64(1)
		if !longtest.Enabled() {
			step = 97
		}
		for r := uint64(0); r < sp.Size(); r += step {
			b := sp.Unrank(r)
			if got, err := WalkDistance(sp, payload, b, tab.Radius()); err != nil || got != tab.DistanceAt(r) {
				t.Fatalf("goal %s board %s: walk gives %d (%v), table %d", statespace.GoalName(goal), b, got, err, tab.DistanceAt(r))
			}
		}
	}
}

// A damaged payload makes the walk fail, never loop: all zeros, and one
// flipped bit.
func TestWalkDistanceDamaged(t *testing.T) {
	sp := statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3}))
	tab, err := Enumerate(context.Background(), sp, nil)
	if err != nil {
		t.Fatal(err)
	}
	payload := Mod4Bytes(tab.Mod4Payload())
	zeros := make(Mod4Bytes, len(payload))
	failed := 0
	for r := uint64(0); r < sp.Size(); r++ {
		if _, err := WalkDistance(sp, zeros, sp.Unrank(r), tab.Radius()); err != nil {
			failed++
		}
	}
	if failed == 0 {
		t.Error("an all-zero payload walks every board home")
	}
	if _, err := WalkDistance(sp, payload, statespace.MustBoard(statespace.Shape{Rows: 2, Cols: 3}, 2, 1, 3, 4, 5, 0), tab.Radius()); err == nil {
		t.Error("walked an unsolvable board")
	}
}

// A lazy table (as Decode makes for large spaces) answers like the full
// one; Loaded refuses it with a *LazyError instead of starting a
// breadth-first search, and Expand makes the full table on request.
func TestLazyTable(t *testing.T) {
	sp := statespace.MustSpace(statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 4}))
	full, err := Enumerate(context.Background(), sp, nil)
	if err != nil {
		t.Fatal(err)
	}
	lazy := &Lazy{tableHead: newHead(sp, full.Counts()), mod4: Mod4Bytes(full.Mod4Payload())}
	for r := uint64(0); r < sp.Size(); r += 7 {
		b := sp.Unrank(r)
		if distOf(t, lazy, b) != distOf(t, full, b) || optimal(t, lazy, b) != optimal(t, full, b) || distOf(t, lazy, b) != full.DistanceAt(r) {
			t.Fatalf("board %s: lazy %d %v, full %d %v", b, distOf(t, lazy, b), optimal(t, lazy, b), distOf(t, full, b), optimal(t, full, b))
		}
		if p, err := lazy.Path(b); err != nil || len(p) != distOf(t, full, b) {
			t.Fatalf("board %s: lazy path %v, %v", b, p, err)
		}
	}
	if got, err := lazy.Loaded(); err == nil {
		t.Errorf("Loaded of a lazy table: %p, want a *LazyError", got)
	} else if le := (*LazyError)(nil); !errors.As(err, &le) || le.States != sp.Size() || le.Shape != sp.Shape() || le.Bytes == 0 {
		t.Errorf("Loaded of a lazy table: %v, want a *LazyError with its facts", err)
	}
	if got, err := full.Loaded(); err != nil || got != full {
		t.Errorf("Loaded of a full table: %p %v, want the table itself", got, err)
	}
	// Expand checks the bits against a breadth-first search, and stops
	// with ctx.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := lazy.Expand(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Expand with a canceled context: %v", err)
	}
	ex, err := lazy.Expand(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(ex.Antipodes()) != 1 || ex.Verify() != nil || !bytes.Equal(ex.Distances(), full.Distances()) {
		t.Errorf("expanded lazy table: %d antipodes, %v", len(ex.Antipodes()), ex.Verify())
	}
	bad := full.Mod4Payload()
	bad[len(bad)/2] ^= 0x10
	damaged := &Lazy{tableHead: newHead(sp, full.Counts()), mod4: Mod4Bytes(bad)}
	var te *DamageError
	if _, err := damaged.Expand(context.Background()); !errors.As(err, &te) {
		t.Errorf("Expand of damaged bits: %v, want a *DamageError", err)
	}
}

// No method of a lazy table panics on damaged bits: short, empty, flipped
// or random, or a source whose reads fail. Each answers or says why.
func TestLazyTableDamagedNoPanic(t *testing.T) {
	sp := statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4}))
	full, err := Enumerate(context.Background(), sp, nil)
	if err != nil {
		t.Fatal(err)
	}
	good := full.Mod4Payload()
	rng := rand.New(rand.NewPCG(3, 4))
	random := make([]byte, len(good))
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	flipped := append([]byte(nil), good...)
	flipped[7] ^= 0xff
	sources := map[string]Mod4Source{
		"short":   Mod4Bytes(good[:len(good)/2]),
		"empty":   Mod4Bytes(nil),
		"flipped": Mod4Bytes(flipped),
		"random":  Mod4Bytes(random),
		"failing": failingSource{},
	}
	for name, src := range sources {
		for _, counts := range [][]uint64{full.Counts(), {1}, {1, 2, 3}} {
			tab := &Lazy{tableHead: newHead(sp, counts), mod4: src}
			for r := uint64(0); r < sp.Size(); r += 13 {
				b := sp.Unrank(r)
				tab.Lookup(b)
				tab.LookupMoves(b)
				tab.Path(b)
			}
			tab.Loaded()
			for d := -1; d <= len(counts); d++ {
				tab.Draw(context.Background(), rand.New(rand.NewPCG(1, 2)), d, 3, func(statespace.Board) bool { return true })
			}
			if _, err := tab.Expand(context.Background()); err == nil {
				t.Errorf("%s bits with counts %v expanded without error", name, counts)
			}
		}
		// NewMod4 refuses them, or (short ones) says why.
		if _, err := NewMod4(context.Background(), sp.Goal(), full.Counts(), src); err == nil {
			t.Errorf("NewMod4 accepted %s bits", name)
		}
	}
}

// failingSource is a file whose every block is damaged.
type failingSource struct{}

func (failingSource) Mod4Bit(uint64) (uint8, error) { return 0, errors.New("block damaged") }

// The 12-cell 3x4 board: 239,500,800 states, radius 53 with 18 states at
// the radius (OEIS A090166; Korf & Schultze, AAAI 2005; see
// data/reference/distributions.tsv). Its table is large enough that
// NewMod4 keeps it lazy, and the lazy lookups agree with the full
// table. The search takes about 30 s and 6 GB: only with TILESPACE_LONG=1.
func TestEnumerate3x4(t *testing.T) {
	if os.Getenv("TILESPACE_LONG") != "1" {
		t.Skip("a 6 GB, 30 s enumeration; set TILESPACE_LONG=1 to run it")
	}
	sp := statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 4}))
	full, err := Enumerate(context.Background(), sp, nil)
	if err != nil {
		t.Fatal(err)
	}
	if full.Radius() != 53 || full.Counts()[53] != 18 || full.States() != 239_500_800 {
		t.Fatalf("3x4: %d states, radius %d with %d at it", full.States(), full.Radius(), full.Counts()[full.Radius()])
	}
	lazy, err := NewMod4(context.Background(), sp.Goal(), full.Counts(), Mod4Bytes(full.Mod4Payload()))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := lazy.(*Lazy); !ok {
		t.Fatal("a 12-cell table was expanded on load")
	}
	for r := uint64(0); r < sp.Size(); r += 9_999_991 {
		b := sp.Unrank(r)
		if distOf(t, lazy, b) != full.DistanceAt(r) || optimal(t, lazy, b) != optimal(t, full, b) {
			t.Fatalf("board %s: lazy %d, full %d", b, distOf(t, lazy, b), full.DistanceAt(r))
		}
	}
}

// A lazy table whose bits are consistent at the goal but not elsewhere
// (checksummed, so only the walk can tell) answers with a *DamageError
// naming its origin and rebuild command, never a panic or a wrong
// distance.
func TestLazyTableForged(t *testing.T) {
	sp := statespace.MustSpace(statespace.GoalFirst(statespace.Shape{Rows: 2, Cols: 4}))
	full, err := Enumerate(context.Background(), sp, nil)
	if err != nil {
		t.Fatal(err)
	}
	bits := Mod4Bytes(full.Mod4Payload())
	for i := range bits {
		bits[i] = ^bits[i]
	}
	g := sp.Rank(sp.Goal())
	bits[g/8] &^= 1 << (g % 8) // the goal itself stays right
	lazy := &Lazy{tableHead: newHead(sp, full.Counts()), mod4: bits}
	failed := 0
	for r := uint64(0); r < sp.Size(); r += 13 {
		b := sp.Unrank(r)
		d, set, err := lazy.LookupMoves(b)
		if err == nil {
			if d != full.DistanceAt(r) || set != optimal(t, full, b) {
				t.Fatalf("board %s: forged table answers %d %v, the truth is %d %v", b, d, set, full.DistanceAt(r), optimal(t, full, b))
			}
			continue
		}
		failed++
		var te *DamageError
		if !errors.As(err, &te) {
			t.Fatalf("board %s: error %v, want a *DamageError", b, err)
		}
		// Lookup walks alone, so it may still find a true distance (the
		// goal's) where LookupMoves's neighbours show the damage.
		if dist, err := lazy.Lookup(b); err == nil && dist != full.DistanceAt(r) {
			t.Fatalf("board %s: Lookup %d on damage", b, dist)
		}
	}
	if failed == 0 {
		t.Fatal("no lookup noticed the forged bits")
	}
}

// NewMod4 checks a small table's bits and counts against a search.
func TestNewMod4TableChecks(t *testing.T) {
	sp := statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 3}))
	full, err := Enumerate(context.Background(), sp, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := NewMod4(ctx, sp.Goal(), full.Counts(), Mod4Bytes(full.Mod4Payload())); err != nil {
		t.Fatal(err)
	}
	bad := full.Mod4Payload()
	bad[3] ^= 4
	counts := full.Counts()
	counts[1]++
	counts[2]--
	var te *DamageError
	if _, err := NewMod4(ctx, sp.Goal(), full.Counts(), Mod4Bytes(bad)); !errors.As(err, &te) {
		t.Errorf("a flipped bit: %v, want a *DamageError", err)
	}
	if _, err := NewMod4(ctx, sp.Goal(), counts, Mod4Bytes(full.Mod4Payload())); !errors.As(err, &te) {
		t.Errorf("wrong counts: %v, want a *DamageError", err)
	}
	dist := full.Distances()
	if _, err := New(sp.Goal(), dist); err != nil {
		t.Fatal(err)
	}
	dist[5]++
	if _, err := New(sp.Goal(), dist); !errors.As(err, &te) {
		t.Errorf("a wrong distance: %v, want a *DamageError", err)
	}
}

// Draw on a lazy table (-random -depth on 12-cell tables must
// not expand them): the boards gathered level by level from the bits, and
// those drawn by rejection, are exactly boards at the distance asked for,
// distinct, and all of them when asked for as many as there are.
func TestDrawLazy(t *testing.T) {
	ctx := context.Background()
	sp := statespace.MustSpace(statespace.GoalLast(statespace.Shape{Rows: 3, Cols: 3}))
	full, err := Enumerate(ctx, sp, nil)
	if err != nil {
		t.Fatal(err)
	}
	// As NewMod4 keeps a table of more than LazyStates boards.
	lazy := &Lazy{tableHead: newHead(sp, full.Counts()), mod4: Mod4Bytes(full.Mod4Payload())}
	draw := func(d, n int) []statespace.Board {
		var out []statespace.Board
		err := lazy.Draw(ctx, rand.New(rand.NewPCG(1, 2)), d, n, func(b statespace.Board) bool { out = append(out, b); return true })
		if err != nil {
			t.Fatalf("distance %d: %v", d, err)
		}
		return out
	}
	check := func(how string, d int, got []statespace.Board, want int) {
		t.Helper()
		seen := map[statespace.Board]bool{}
		for _, b := range got {
			if distOf(t, full, b) != d || seen[b] {
				t.Fatalf("%s, distance %d: %s is at %d or drawn twice", how, d, b, distOf(t, full, b))
			}
			seen[b] = true
		}
		if len(got) != want {
			t.Fatalf("%s, distance %d: %d boards, want %d", how, d, len(got), want)
		}
	}
	for _, d := range []int{0, 1, 12, 31} {
		c := int(full.Counts()[d])
		check("levels", d, draw(d, c), c)
	}
	defer func(l, s uint64) { lazyLevelLimit, lazyRejectionShare = l, s }(lazyLevelLimit, lazyRejectionShare)
	lazyLevelLimit = 100
	for _, d := range []int{20, 24} {
		check("rejection", d, draw(d, 50), 50)
	}
	lazyRejectionShare = 10 // 2 boards at 31 are far rarer than 1 in 10
	if err := lazy.Draw(ctx, rand.New(rand.NewPCG(1, 2)), 31, 1, func(statespace.Board) bool { return true }); err == nil || !strings.Contains(err.Error(), "too rare") {
		t.Errorf("rare distance: %v", err)
	}
}

// distOf is tab's distance of b, failing the test when it has none.
func distOf(t testing.TB, tab Interface, b statespace.Board) int {
	t.Helper()
	d, err := tab.Lookup(b)
	if err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return d
}
