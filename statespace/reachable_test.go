package statespace

import "testing"

// Reachable is Check's rule as a yes or no: on every arrangement of
// 2x3's tiles toward both goals, and on a board of another shape.
func TestReachable(t *testing.T) {
	sh := Shape{2, 3}
	for _, goal := range []Board{GoalLast(sh), GoalFirst(sh)} {
		sp := MustSpace(goal)
		n := 0
		var perm func(p []int, k int)
		perm = func(p []int, k int) {
			if k == len(p) {
				b := MustBoard(sh, p...)
				if sp.Reachable(b) != (sp.Check(b) == nil) {
					t.Fatalf("%v toward %v: Reachable %v, Check %v", b, goal, sp.Reachable(b), sp.Check(b))
				}
				if sp.Reachable(b) {
					n++
				}
				return
			}
			for i := k; i < len(p); i++ {
				p[k], p[i] = p[i], p[k]
				perm(p, k+1)
				p[k], p[i] = p[i], p[k]
			}
		}
		perm([]int{0, 1, 2, 3, 4, 5}, 0)
		if uint64(n) != sp.Size() {
			t.Errorf("toward %v: %d reachable, the space has %d", goal, n, sp.Size())
		}
		if sp.Reachable(GoalLast(Shape{3, 2})) {
			t.Errorf("a 3x2 board is reachable in %v's space", goal)
		}
	}
}
