// Package engine is the page's API as the static copy's engine runs it in
// a browser (cmd/serve/wasm, built for GOOS=js GOARCH=wasm only): no
// cache folder, databases built in memory when cheap, and the errors of
// goals without answers phrased for a page that has no files. It is a
// package of its own so that its tests run on the machine that builds it.
package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/tilespace/tilespace/cmd/cmdline"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/serve/api"
	"github.com/tilespace/tilespace/statespace"
)

// BrowserCache is the cache folder the engine names: a browser has no
// file system, so it is never there; tables are built in memory (and not
// kept) and 12-cell shapes, which need a cached table, are not offered.
const BrowserCache = "/tilespace-cache"

// New is the page's API as the browser runs it: lim (zero fields
// the server's limits), named as this page's (there is no server); one
// resolver with no cache folder (the zero Cache: tables embedded or built
// in memory, databases built in memory when cheap, nothing written), the
// progress of databases built handed to progress, the errors of goals
// without answers phrased for a page with no files. ctx bounds what the
// resolver loads.
func New(ctx context.Context, lim api.Limits, progress func(what string, done, total uint64)) (*api.Server, *resolve.Resolver, error) {
	slots := api.NewSlots(lim)
	res, err := api.NewResolver(ctx, resolve.Config{Progress: progress, Explain: Explain, ReadOnlyCache: true}, slots)
	if err != nil {
		return nil, nil, err
	}
	return api.New(api.Config{Limits: lim, LimitsOf: "this page's", Explain: Explain}, res, slots), res, nil
}

// Explain says what a goal without answers needs when the page
// runs in a browser, which cannot hold or build its databases: the
// 24-puzzle's take minutes and gigabytes; the served page answers it
// once enumerate has built them. Other errors keep their own message.
func Explain(err error) string {
	var need *resolve.NeedPDBsError
	if errors.As(err, &need) {
		return fmt.Sprintf("%s goal %s is not solved in this page: its %s pattern databases take minutes and gigabytes of memory to build, more than a page in a browser has; "+
			"use the served page (go run ./cmd/serve) with them built by %s",
			need.Goal.Shape(), statespace.GoalName(need.Goal), need.Partition, pdbCommand(need.Goal, need.Partition, need.ZeroAware))
	}
	return err.Error()
}

// pdbCommand is the command that builds a partition's databases for goal
// into the cache folder, as the command line's remedies name it.
func pdbCommand(goal statespace.Board, partition string, zeroAware bool) string {
	return cmdline.Databases(goal, partition, zeroAware, "")
}
