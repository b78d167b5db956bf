package api

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/statespace"
)

// compareParams are what a comparison request chose: the algorithms
// (nil for all) and the expansions each may make.
type compareParams struct {
	keys  []string
	nodes int64
}

// readCompareParams reads /api/compare's algs= (algorithm keys,
// comma-separated; all when absent) and limit= (expansions per algorithm,
// from 1 to Limits.CompareMaxNodes; Limits.CompareNodes when absent).
// The keys are checked against goal's algorithms before any table is
// resolved; "astar-exact" passes here and is refused by the comparison
// itself where the goal has no table.
func (s *Server) readCompareParams(q url.Values, goal statespace.Board) (compareParams, error) {
	p := compareParams{nodes: s.lim.CompareNodes}
	if t, ok := q["limit"]; ok {
		v, err := strconv.ParseInt(t[0], 10, 64)
		if err != nil || v < 1 || v > s.lim.CompareMaxNodes {
			return p, badRequest("limit=%s: want a whole number of expansions per algorithm from 1 to %s (%s bound)",
				t[0], textfmt.Commas(s.lim.CompareMaxNodes), s.limitsOf())
		}
		p.nodes = v
	}
	if t, ok := q["algs"]; ok {
		if strings.TrimSpace(t[0]) == "" {
			return p, badRequest("algs= names no algorithm: give keys such as algs=bfs,dfs,astar-manhattan, or leave algs out for all")
		}
		p.keys = strings.Split(t[0], ",")
		if err := checkCompareKeys(goal, p.keys); err != nil {
			return p, badRequest("algs=%s: %v", t[0], err)
		}
	}
	return p, nil
}
