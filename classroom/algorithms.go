package classroom

import "github.com/tilespace/tilespace/search"

// Style is how an algorithm is drawn on every chart of the page and of the
// Python package (a comparison's paths, a traced search, the scaling
// curves): a colour none of the outcomes uses, a dash and a marker, no two
// algorithms alike, so that curves which overlap stay told apart.
type Style struct {
	Colour string `json:"colour"` // "#rrggbb"
	Dash   string `json:"dash"`   // an SVG stroke-dasharray; "" is solid
	// Marker is one of circle, square, triangle, triangle-down,
	// diamond, cross, plus.
	Marker string `json:"marker"`
}

// AlgorithmInfo is one classroom algorithm as the page and the Python
// package offer it: search.Catalog's facts, its style, the key the traced
// search (/api/watch) takes for it ("" when it is not traced), and whether
// a choice of algorithms starts with it chosen.
type AlgorithmInfo struct {
	Key        string `json:"key"`
	Name       string `json:"name"`
	Optimal    bool   `json:"optimal"`
	NeedsTable bool   `json:"needs_table"`
	Style      Style  `json:"style"`
	Watch      string `json:"watch,omitempty"`
	Chosen     bool   `json:"chosen"`
}

// presentation is each algorithm's style, watch key and first choice, by
// search.Catalog's key.
var presentation = map[string]struct {
	style  Style
	watch  string
	chosen bool
}{
	"bfs":                   {Style{"#1f4e99", "", "circle"}, "bfs", true},
	"dfs":                   {Style{"#b0203f", "7 3", "square"}, "dfs", true},
	"ucs":                   {Style{"#00709e", "2 3", "triangle"}, "", true},
	"iddfs":                 {Style{"#4d4d4d", "9 3 2 3", "diamond"}, "", false},
	"astar-misplaced":       {Style{"#c2185b", "4 2", "circle"}, "", false},
	"astar-manhattan":       {Style{"#111111", "", "triangle-down"}, "astar", true},
	"astar-linear-conflict": {Style{"#00709e", "7 3", "square"}, "", false},
	"astar-exact":           {Style{"#102a5c", "", "cross"}, "", false},
	"idastar":               {Style{"#b0203f", "", "diamond"}, "idastar", false},
	"greedy":                {Style{"#4d4d4d", "2 3", "plus"}, "", false},
	"climber":               {Style{"#c2185b", "", "plus"}, "", false},
}

// Catalog is every classroom algorithm (search.Catalog, in its order) with
// its style: the one table the page (/api/algorithms) and the Python
// package read.
func Catalog() []AlgorithmInfo {
	var out []AlgorithmInfo
	for _, in := range search.Catalog() {
		p := presentation[in.Key]
		out = append(out, AlgorithmInfo{Key: in.Key, Name: in.Name, Optimal: in.Optimal, NeedsTable: in.NeedsTable,
			Style: p.style, Watch: p.watch, Chosen: p.chosen})
	}
	return out
}
