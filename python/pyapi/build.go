package pyapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/tilespace/tilespace/analyze"
	"github.com/tilespace/tilespace/generate"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
	"github.com/tilespace/tilespace/table"
)

// build runs one plan of generate (as enumerate runs it) into the cache
// folder and returns each report as enumerate -json writes it.
func (e *Engine) build(j *Job, cfg generate.Config) (*buildResult, error) {
	if e.cache.IsZero() {
		return nil, &Error{Kind: KindUnavailable, Message: "no cache folder: set " + store.EnvCache}
	}
	if err := os.MkdirAll(e.cache.Dir(), 0o755); err != nil {
		return nil, err
	}
	cfg.Dir = e.cache.Dir()
	plan, err := generate.NewPlan(cfg)
	if err != nil {
		return nil, err
	}
	var reports []json.RawMessage
	err = plan.Run(j.ctx, generate.Events{
		Progress: func(_ int, done, total uint64) { j.report("build", done, total) },
		Built: func(r generate.Report) error {
			raw, err := rawJSON(r.WriteJSON)
			reports = append(reports, raw)
			return err
		},
	})
	if err != nil {
		return nil, err
	}
	return &buildResult{Reports: reports}, nil
}

// buildResult is a build's reports, each as enumerate -json writes it.
type buildResult struct {
	Reports []json.RawMessage `json:"reports"`
}

// buildTable builds the distance table of the request's shape and goal
// into the cache folder, as enumerate -shape S -goal G does.
func (e *Engine) buildTable(j *Job, r *where, _, _ []byte) (*buildResult, error) {
	sp, err := spaceOf(&rows{where: *r})
	if err != nil {
		return nil, err
	}
	return e.build(j, generate.Config{Goals: []statespace.Board{sp.Goal()}})
}

// buildDatabases builds the pattern databases of a partition (a preset
// such as 6-6-3, or patterns 1,2,3/4,5,6,7,8) into the cache folder, as
// enumerate databases -pdb (and -zero-aware) does.
func (e *Engine) buildDatabases(j *Job, r *databasesRequest, _, _ []byte) (*buildResult, error) {
	sp, err := spaceOf(&rows{where: r.where})
	if err != nil {
		return nil, err
	}
	part, err := pdb.ParsePartition(r.Partition, sp.Goal())
	if err != nil {
		return nil, err
	}
	part.ZeroAware = r.ZeroAware
	res, err := e.build(j, generate.Config{PDBs: []generate.PDBJob{{Goal: sp.Goal(), Partition: part}}})
	if err == nil {
		e.retry(sp.Goal()) // a failure remembered before is tried again
	}
	return res, err
}

// exportNPY writes the table's distances as a NumPy .npy file into the
// cache folder (generate.ExportNPY, as enumerate export -format npy),
// unless it is there already.
func (e *Engine) exportNPY(j *Job, r *where, _, _ []byte) (*exportResult, error) {
	sp, err := spaceOf(&rows{where: *r})
	if err != nil {
		return nil, err
	}
	if e.cache.IsZero() {
		return nil, &Error{Kind: KindUnavailable, Message: "no cache folder: set " + store.EnvCache}
	}
	path := e.cache.Path(store.NPYFile(sp.Goal()))
	if _, err := os.Stat(path); err == nil {
		return &exportResult{Path: path}, nil
	}
	if !sp.Counted() || sp.Size() > table.MaxEnumerate {
		return nil, &Error{Kind: KindShape, Message: fmt.Sprintf("%s has %s boards: tables are exported for shapes of at most 12 cells", sp.Shape(), statesText(sp))}
	}
	if err := os.MkdirAll(e.cache.Dir(), 0o755); err != nil {
		return nil, err
	}
	j.report("export", 0, 0)
	if _, err := generate.ExportNPY(j.ctx, sp.Goal(), path, 0); err != nil {
		return nil, err
	}
	return &exportResult{Path: path, Written: true}, nil
}

// exportResult is where export_npy wrote, and whether it did (false
// when the file was there).
type exportResult struct {
	Path    string `json:"path"`
	Written bool   `json:"written"`
}

// profile is analyze heuristics -json for one heuristic: a name the
// analyzer knows (heuristic), or with in a value for every board in rank
// order, one byte each (name names it).
func (e *Engine) profile(j *Job, r *profileRequest, in, _ []byte) (*reportResult, error) {
	sp, err := spaceOf(&rows{where: r.where})
	if err != nil {
		return nil, err
	}
	if sp, err = analyze.ProfileSpace(sp.Goal()); err != nil {
		return nil, err
	}
	progress := func(stage string, done, total uint64) { j.report(stage, done, total) }
	var ps []*analyze.Profile
	if r.Heuristic != "" {
		if in != nil {
			return nil, &Error{Kind: KindValue, Message: "a heuristic by name or by values, not both"}
		}
		_, ps, err = analyze.Profiles(j.ctx, sp.Goal(), []string{r.Heuristic}, progress)
	} else {
		if err := checkLen("values", in, int64(sp.Size()), 1); err != nil {
			return nil, err
		}
		name := r.Name
		if name == "" {
			name = "values"
		}
		_, ps, err = analyze.ProfileHeuristics(j.ctx, sp, []analyze.Heuristic{analyze.Values(name, sp, in)}, progress)
	}
	if err != nil {
		return nil, err
	}
	if len(ps) != 1 {
		return nil, errors.New("no profile")
	}
	raw, err := rawJSON(func(w io.Writer) error { return analyze.WriteJSON(w, ps) })
	if err != nil {
		return nil, err
	}
	return &reportResult{Profile: raw}, nil
}
