package solver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/tilespace/tilespace/statespace"
)

// solveInPieces runs IDA* as SplitIteration, SearchSubtree and Combine,
// every subtree searched (after the solution's too), and returns what
// Solve returns. With heaviest > 0 each iteration's split is refined
// (RefineSplit, two levels) at the heaviest subtrees of every iteration
// before it, so roots refined once are refined again.
func solveInPieces(t *testing.T, s *Solver, b statespace.Board, depth, heaviest int) Result {
	t.Helper()
	ctx := context.Background()
	bound, err := s.InitialBound(b)
	if err != nil {
		t.Fatal(err)
	}
	var r Result
	heavy := map[string]bool{}
	for {
		sp, err := s.SplitIteration(ctx, b, bound, depth)
		if err != nil {
			t.Fatal(err)
		}
		if heaviest > 0 {
			before := len(sp.Roots)
			if sp, err = s.RefineSplit(ctx, sp, heavy, 2); err != nil {
				t.Fatal(err)
			}
			if len(heavy) > 0 && len(sp.Roots) > 0 && len(sp.Roots) <= before && bound > depth+3 {
				t.Fatalf("bound %d: refining at %d heavy roots left %d roots of %d", bound, len(heavy), len(sp.Roots), before)
			}
		}
		results := make([]SubtreeResult, len(sp.Roots))
		for i, root := range sp.Roots {
			if results[i], err = s.SearchSubtree(ctx, b, bound, root.Moves); err != nil {
				t.Fatal(err)
			}
		}
		order := make([]int, len(results))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(i, j int) int { return cmp.Compare(results[j].Nodes, results[i].Nodes) })
		for _, i := range order[:min(heaviest, len(order))] {
			heavy[statespace.MoveLetters(sp.Roots[i].Moves)] = true
		}
		it, err := sp.Combine(results)
		if err != nil {
			t.Fatal(err)
		}
		r.Iterations++
		r.Nodes += it.Nodes
		r.Generated += it.Generated
		r.Bounds = append(r.Bounds, bound)
		r.IterationNodes = append(r.IterationNodes, it.Nodes)
		if it.Found {
			r.Path = it.Path
			return r
		}
		bound = it.Next
	}
}

// TestSubtreesGiveSolve checks that an iteration searched in pieces, at
// several split depths, and with its heaviest subtrees cut deeper
// iteration after iteration (RefineSplit), counts and finds what Solve
// does, on two goroutines and with the machine of depth 2 as well as the
// default.
func TestSubtreesGiveSolve(t *testing.T) {
	h := korfHeuristic(t)
	goal := statespace.GoalFirst(sq4)
	for _, prune := range []int{0, 2} {
		s, err := New(h)
		if err != nil {
			t.Fatal(err)
		}
		s.Prune, s.Workers = prune, 2
		for _, k := range easiestKorf(t, 3) {
			want, err := s.Solve(context.Background(), k.board)
			if err != nil {
				t.Fatal(err)
			}
			for _, depth := range []int{1, 4, 9} {
				label := fmt.Sprintf("instance %d, prune %d, split %d", k.id, prune, depth)
				for _, heaviest := range []int{0, 3} {
					label := fmt.Sprintf("%s, refined at the %d heaviest", label, heaviest)
					got := solveInPieces(t, s, k.board, depth, heaviest)
					checkPath(t, label, k.board, goal, got.Path, k.length)
					if got.Nodes != want.Nodes || got.Generated != want.Generated || fmt.Sprint(got.IterationNodes) != fmt.Sprint(want.IterationNodes) ||
						fmt.Sprint(got.Path) != fmt.Sprint(want.Path) {
						t.Errorf("%s: pieces %d nodes %d generated %v path %v, Solve %d %d %v %v", label,
							got.Nodes, got.Generated, got.IterationNodes, got.Path, want.Nodes, want.Generated, want.IterationNodes, want.Path)
					}
				}
			}
		}
	}
}

// TestSearchSubtreeRefuses checks the errors for moves that lead to no
// subtree of the search.
func TestSearchSubtreeRefuses(t *testing.T) {
	s, err := New(korfHeuristic(t))
	if err != nil {
		t.Fatal(err)
	}
	b := korf100(t)[0].board
	bound, err := s.InitialBound(b)
	if err != nil {
		t.Fatal(err)
	}
	legal := -1
	for m := range statespace.Moves {
		if _, ok := b.Apply(statespace.Move(m)); ok {
			legal = m
			break
		}
	}
	mv := statespace.Move(legal)
	for _, moves := range [][]statespace.Move{nil, {mv, mv ^ 1}, {statespace.Move(7)}} {
		_, err := s.SearchSubtree(context.Background(), b, bound, moves)
		var se *SubtreeError
		if err == nil || len(moves) > 0 && !errors.As(err, &se) {
			t.Errorf("moves %v: error %v, want a SubtreeError", moves, err)
		}
	}
}
