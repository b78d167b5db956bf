package classroom_test

import (
	"context"
	"os"

	"github.com/tilespace/tilespace/classroom"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

func ExampleWriteCOMS() {
	sh := statespace.Shape{Rows: 3, Cols: 3}
	start, _ := statespace.Parse("3,1,2,0,4,5,6,7,8", sh)
	run, _ := classroom.RunCOMS(context.Background(), "dfs", start, search.Limits{})
	run.Result.Elapsed = 0 // times vary; the example fixes them
	classroom.WriteCOMS(os.Stdout, run.Result, 0)
	// Output:
	// path_to_goal: ['Up']
	// cost_of_path: 1
	// nodes_expanded: 1
	// search_depth: 1
	// max_search_depth: 1
	// running_time: 0.00000000
	// max_ram_usage: 0.00000000
}
