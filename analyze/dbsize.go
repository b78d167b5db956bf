package analyze

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// DBSizeConfig says which comparison DBSize makes.
type DBSizeConfig struct {
	Goal statespace.Board
	// Partitions are pdb.ParsePartition texts; none means
	// DefaultDBSizePartitions(Goal).
	Partitions []string
	// Boards is the number of start boards, drawn uniformly from the
	// space (statespace.Space.Random) and the same for every partition.
	Boards   int
	Seed     uint64
	Progress ProgressFunc
}

// DBSizeRow is one partition's databases against IDA*'s work.
type DBSizeRow struct {
	Partition string
	Patterns  int
	// Entries is s, the entries of the partition's databases together
	// (pdb.PDB.Entries summed: k tiles on n cells hold n!/(n−k)!).
	Entries uint64
	Boards  int
	// MeanDepth is the boards' mean solution length, MeanH the mean of
	// the heuristic at the start.
	MeanDepth, MeanH float64
	// MeanExpanded is the mean nodes IDA* expands, every iteration
	// counted (package search's Expanded).
	MeanExpanded float64
	// MeanBrute is the mean over the boards of the brute-force tree's
	// nodes to the board's solution depth d (depths 0 … d, the move back
	// pruned: what the last iteration of IDA* with h = 0 expands).
	MeanBrute float64
	// Fraction is MeanExpanded / MeanBrute; Predicted is Korf's
	// (log_b s + 1)/s with b the shape's brute-force branching factor.
	Fraction, Predicted float64
}

// DBSizeTable is the comparison of database size with search effort.
type DBSizeTable struct {
	Goal      statespace.Board
	Branching float64 // b, BruteForce.Factor
	Boards    int
	Seed      uint64
	Rows      []DBSizeRow
}

// DefaultDBSizePartitions are the partitions DBSize compares when none
// are named: the tiles in order of their numbers cut into patterns of k
// tiles (the last one shorter) for k = 1, 2, …, as long as the largest
// database has at most 4,194,304 entries (built in memory in seconds).
// On 3x3 that runs from single tiles (Manhattan distance) to one pattern
// of all 8 (the exact distance); on 3x4 to 7-4; on 4x4 to 5-5-5.
func DefaultDBSizePartitions(goal statespace.Board) []string {
	var tiles []int
	for c := 0; c < goal.Shape().Cells(); c++ {
		if t := goal.Tile(c); t != 0 {
			tiles = append(tiles, t)
		}
	}
	slices.Sort(tiles)
	n := goal.Shape().Cells()
	var out []string
	for k := 1; k <= len(tiles) && pdb.Placements(n, k) <= 1<<22; k++ {
		var pats []string
		for i := 0; i < len(tiles); i += k {
			var pat []string
			for _, t := range tiles[i:min(i+k, len(tiles))] {
				pat = append(pat, strconv.Itoa(t))
			}
			pats = append(pats, strings.Join(pat, ","))
		}
		out = append(out, strings.Join(pats, "/"))
	}
	return out
}

// KorfFraction is Korf's estimate of the share of the brute-force tree
// IDA* expands with a pattern database of s entries on a space of
// branching factor b: (log_b s + 1)/s ("Analyzing the performance of
// pattern database heuristics", AAAI 2007).
func KorfFraction(s, b float64) float64 { return (math.Log(s)/math.Log(b) + 1) / s }

// DBSize draws cfg.Boards boards and runs IDA* on each with the additive
// databases of every partition (summed without the reflection lookup, so
// the entries consulted are the s counted), and sets the mean nodes
// expanded beside the brute-force tree's size and Korf's prediction.
// Unlike the other analyses it needs no table: the boards' depths are the
// lengths IDA* finds, which are optimal.
func DBSize(ctx context.Context, cfg DBSizeConfig) (*DBSizeTable, error) {
	sp, err := statespace.NewSpace(cfg.Goal)
	if err != nil {
		return nil, err
	}
	parts := cfg.Partitions
	if len(parts) == 0 {
		parts = DefaultDBSizePartitions(cfg.Goal)
	}
	var partitions []pdb.Partition
	for _, text := range parts {
		p, err := pdb.ParsePartition(text, cfg.Goal)
		if err != nil {
			return nil, &UnknownHeuristicError{Name: "pdb:" + text, Err: err}
		}
		partitions = append(partitions, p)
	}
	boards := drawDBSizeBoards(sp, max(1, cfg.Boards), cfg.Seed)
	bf := NewBruteForce(cfg.Goal.Shape())
	out := &DBSizeTable{Goal: cfg.Goal, Branching: bf.Factor(), Boards: len(boards), Seed: cfg.Seed}
	for _, part := range partitions {
		if cfg.Progress != nil {
			cfg.Progress("databases "+part.String(), 0, 1)
		}
		a, err := pdb.BuildPartition(ctx, cfg.Goal, part, nil)
		if err != nil {
			return nil, err
		}
		row, err := dbsizeRow(ctx, cfg, a, boards, bf, out.Branching)
		if err != nil {
			return nil, err
		}
		out.Rows = append(out.Rows, row)
	}
	return out, nil
}

// dbsizeRow searches every board with a's databases on every core.
func dbsizeRow(ctx context.Context, cfg DBSizeConfig, a *pdb.Additive, boards []statespace.Board, bf *BruteForce, b float64) (DBSizeRow, error) {
	h := a.Plain()
	row := DBSizeRow{Partition: a.Partition().String(), Patterns: len(a.PDBs()), Boards: len(boards)}
	for _, d := range a.PDBs() {
		row.Entries += d.Entries()
	}
	type result struct {
		depth, h int
		expanded uint64
		brute    float64
	}
	res := make([]result, len(boards))
	outer := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var next, done atomic.Int64
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	stage := "searches pdb:" + row.Partition
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				k := int(next.Add(1) - 1)
				if k >= len(boards) {
					return
				}
				p := search.Problem{Start: boards[k], Goal: cfg.Goal, Limits: search.Limits{MaxExpanded: math.MaxInt64, MaxTime: math.MaxInt64, MaxBytes: 1 << 30}}
				r, err := search.IDAStar(ctx, p, h)
				if err == nil && !r.Found && ctx.Err() == nil {
					err = &SearchError{Algorithm: "ida:pdb-plain:" + row.Partition, Board: boards[k], Stopped: r.StoppedBy.String()}
				}
				if err != nil {
					mu.Lock()
					firstErr = cmpErr(firstErr, err)
					mu.Unlock()
					cancel()
					return
				}
				d := len(r.Path)
				levels := bf.CellLevels(boards[k].Blank(), d)
				var brute float64
				for _, lv := range levels {
					brute += sum(lv)
				}
				res[k] = result{depth: d, h: h.Distance(boards[k]), expanded: uint64(r.Expanded), brute: brute}
				n := done.Add(1)
				if cfg.Progress != nil {
					mu.Lock()
					cfg.Progress(stage, uint64(n), uint64(len(boards)))
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if err := outer.Err(); err != nil {
		return row, err
	}
	if firstErr != nil {
		return row, firstErr
	}
	var exp, brute float64
	for _, r := range res {
		row.MeanDepth += float64(r.depth)
		row.MeanH += float64(r.h)
		exp += float64(r.expanded)
		brute += r.brute
	}
	n := float64(len(res))
	row.MeanDepth, row.MeanH, row.MeanExpanded, row.MeanBrute = row.MeanDepth/n, row.MeanH/n, exp/n, brute/n
	row.Fraction = exp / brute
	row.Predicted = KorfFraction(float64(row.Entries), b)
	return row, nil
}

// cmpErr keeps the first error.
func cmpErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

// drawDBSizeBoards draws n boards uniformly from sp with the seed.
func drawDBSizeBoards(sp *statespace.Space, n int, seed uint64) []statespace.Board {
	rng := rand.New(rand.NewPCG(seed, 0x646273697a65))
	boards := make([]statespace.Board, n)
	for i := range boards {
		boards[i] = sp.Random(rng)
	}
	return boards
}
