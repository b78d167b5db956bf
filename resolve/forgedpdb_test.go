package resolve

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/internal/testkit/forged"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/solver"
	"github.com/tilespace/tilespace/statespace"
)

// An answer by IDA* on forged pattern databases (an entry raised,
// swapped with another so the counts are kept) is refused where the path
// it found shows the forgery: a database that claims more moves of its
// tiles than the path makes is a *DatabasesDamagedError naming that
// database's file. A wrong answer the path cannot show is refused by
// CheckReference once a search beats it (the exact table's distance
// here), naming every file. Sound databases answer every board exactly,
// never refused.
func TestForgedDatabasesRefused(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		shape statespace.Shape
		part  string
	}{
		{statespace.Shape{Rows: 3, Cols: 3}, "1,2,3,4/5,6,7,8"},
		{statespace.Shape{Rows: 2, Cols: 4}, "1,2,5,6/3,4,7"},
	} {
		goal := statespace.GoalLast(c.shape)
		truth := fixture.TableFor(t, goal)
		part, err := pdb.ParsePartition(c.part, goal)
		if err != nil {
			t.Fatal(err)
		}
		sound, err := pdb.BuildPartition(ctx, goal, part, nil)
		if err != nil {
			t.Fatal(err)
		}
		files := []string{"first.pdb", "second.pdb"}
		oracle := func(a *pdb.Additive) Oracle {
			s, err := solver.New(a)
			if err != nil {
				t.Fatal(err)
			}
			return newSolverOracle(s, files)
		}
		rng := fixture.NewRand(38)
		o := oracle(sound)
		for range 100 {
			b := truth.Space().Unrank(rng.Uint64N(truth.States()))
			a, err := o.Answer(ctx, b, Want{Path: true})
			if d := fixture.Dist(t, truth, b); err != nil || a.Distance != d || CheckReference(a, d, "the table") != nil {
				t.Errorf("%s: sound databases answer %s with %d, %v; truth %d", c.shape, b, a.Distance, err, d)
			}
		}
		var refused, beaten int
		for range 150 {
			b := truth.Space().Unrank(rng.Uint64N(truth.States()))
			k := rng.IntN(len(part.Patterns))
			p := sound.PDBs()[k]
			f, _, ok := forged.Raise(t, p, b, p.Distance(b)+2+rng.IntN(6))
			if !ok {
				continue
			}
			a, err := oracle(forged.Replace(t, sound, k, f)).Answer(ctx, b, Want{Path: true})
			d := fixture.Dist(t, truth, b)
			var dd *DatabasesDamagedError
			var pe *pdb.PathBoundError
			switch {
			case err != nil:
				if !errors.As(err, &dd) || !errors.As(err, &pe) || !slices.Equal(dd.Files, files[pe.Pattern:pe.Pattern+1]) || !errkind.Is(err, errkind.Damaged) {
					t.Errorf("%s: forged database %d, board %s: %v, want a *DatabasesDamagedError naming its file", c.shape, k, b, err)
				}
				refused++
			case a.Distance != d:
				err := CheckReference(a, d, "the table")
				var be *BeatenError
				if !errors.As(err, &dd) || !errors.As(err, &be) || !slices.Equal(dd.Files, files) || be.Distance != a.Distance || be.PathLength != d {
					t.Errorf("%s: forged database %d, board %s answered %d (truth %d), beaten: %v", c.shape, k, b, a.Distance, d, err)
				}
				beaten++
			}
		}
		if refused == 0 || beaten == 0 {
			t.Errorf("%s: %d forgeries refused on their path, %d beaten: want some of each", c.shape, refused, beaten)
		}
	}
}
