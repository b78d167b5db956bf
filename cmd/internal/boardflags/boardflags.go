// Package boardflags holds what the board commands (query, classroom, plot gif,
// serve) share: the flags that say where answers come from (-shape, -goal,
// -table, -all-moves, and for boards solved by search -pdb-dir and -pdb),
// turned into a resolve.Config and checked before any input is read; the
// progress bars of databases being built; and the refusal of flags that
// moved to another command.
package boardflags

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tilespace/tilespace/cmd/internal/cli"
	"github.com/tilespace/tilespace/internal/progress"
	"github.com/tilespace/tilespace/internal/textfmt"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/resolve"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/store"
)

// Source is where answers come from, as the command line says.
type Source struct {
	shape, goal, table string
	pdbDir, partition  string
	allMoves           bool
	fs                 *cli.FlagSet
}

// Register adds -shape, -goal and -table to fs.
func (s *Source) Register(fs *cli.FlagSet) {
	s.fs = fs
	fs.StringVar(&s.shape, "shape", "", "board shape `RxC` (default: from -goal, -table or each board)")
	fs.StringVar(&s.goal, "goal", "last", "goal: last, first, or a `board` such as 1,2,3,4,0,5,6,7,8")
	fs.StringVar(&s.table, "table", "", "distance table `file` to use instead of the embedded and cached ones")
}

// RegisterSearch adds -pdb-dir and -pdb, which apply to boards solved by
// search (CheckSearch refuses them where every board has a table).
func (s *Source) RegisterSearch(fs *cli.FlagSet) {
	s.fs = fs
	fs.StringVar(&s.pdbDir, "pdb-dir", "", "boards solved by search: pattern databases in `folder` (e.g. enumerate -out DIR) take precedence over the cache folder's")
	fs.StringVar(&s.partition, "pdb", "", "boards solved by search: use the pattern databases of `partition`, a preset (7-8, 6-6-3, 5-5-5; 6-6-6-6, 6-6-6-6x4, 6-6-6-6x7 on 5x5) or patterns such as 1,2,3/4,5,6,7,8, several separated by \"|\" for their maximum; zero-aware ones when all are there (default: the strongest found; built when missing)")
}

// RegisterAllMoves adds -all-moves: every optimal first move, which boards
// solved by search find by one more search per move and a table gives
// anyway.
func (s *Source) RegisterAllMoves(fs *cli.FlagSet) {
	s.fs = fs
	fs.BoolVar(&s.allMoves, "all-moves", false, "every optimal first move, also for boards solved by search (one more search per move; without it their optimal moves are ?); a table gives them anyway")
}

// Config turns the flags into the resolver's configuration and the goal
// of the boards, refusing a bad shape, goal, folder or partition (usage
// errors) and reading the table file (-table, under ctx) before any input
// is read. Notes and progress bars go to stderr, the notes' lines
// starting with the command's name.
func (s *Source) Config(ctx context.Context, stderr io.Writer) (resolve.Config, statespace.Goal, error) {
	cfg := resolve.Config{Cache: cli.Cache(), Log: cli.LogWriter(stderr, s.fs.Name()), Explain: cli.Explain, PDBDir: s.pdbDir,
		Progress: ProgressBars(stderr)}
	var shape statespace.Shape
	if s.shape != "" {
		sh, err := statespace.ParseShape(s.shape)
		if err != nil {
			return cfg, statespace.Goal{}, cli.UsageError{Err: err}
		}
		shape = sh
	}
	var g statespace.Goal
	if s.fs.IsGiven("goal") {
		var err error
		if g, err = statespace.ReadGoal(s.goal, shape); err != nil {
			return cfg, g, cli.UsageError{Err: fmt.Errorf("-goal %s: %w", s.goal, err)}
		}
	} else if shape != (statespace.Shape{}) {
		g = statespace.GoalOf(statespace.GoalLast(shape))
	}
	if s.pdbDir != "" {
		if st, err := os.Stat(s.pdbDir); err != nil || !st.IsDir() {
			return cfg, g, cli.Usagef("-pdb-dir %s: not a folder", s.pdbDir)
		}
	}
	if s.partition != "" && !g.Board().IsZero() {
		part, err := pdb.ParsePartition(s.partition, g.Board())
		if err != nil {
			return cfg, g, cli.UsageError{Err: fmt.Errorf("-pdb: %w", err)}
		}
		cfg.Partition = part
	}
	if s.table != "" {
		var err error
		if cfg.Table, g, err = ReadTable(ctx, s.table, g, s.fs.IsGiven("goal")); err != nil {
			return cfg, g, err
		}
	}
	if s.partition != "" && g.Board().IsZero() {
		part, err := anyShapePartition(s.partition, g)
		if err != nil {
			return cfg, g, cli.UsageError{Err: fmt.Errorf("-pdb: %w", err)}
		}
		cfg.Partition = part
	}
	return cfg, g, nil
}

// ReadTable reads the table file path (-table), which must fit the shape
// g fixes and, with goalGiven, hold g's goal, and returns its oracle (for
// resolve.Config.Table) and its goal.
func ReadTable(ctx context.Context, path string, g statespace.Goal, goalGiven bool) (resolve.Oracle, statespace.Goal, error) {
	t, err := store.ReadTable(ctx, path, statespace.Board{})
	if err != nil {
		return nil, g, err
	}
	goal := t.Space().Goal()
	if sh := g.Shape(); sh != (statespace.Shape{}) && goal.Shape() != sh {
		return nil, g, fmt.Errorf("%s holds the %s table (goal %s), not %s", path, goal.Shape(), statespace.GoalName(goal), sh)
	}
	if goalGiven {
		want, err := g.For(goal.Shape())
		if err != nil {
			return nil, g, err
		}
		if want != goal {
			return nil, g, fmt.Errorf("%s holds the table for goal %s, not %s", path, statespace.GoalName(goal), statespace.GoalName(want))
		}
	}
	return resolve.NewTableOracle(t, path), statespace.GoalOf(goal), nil
}

// anyShapePartition reads -pdb for boards of any shape (g fixes none): a
// preset's name stands for that preset on each board's goal; patterns are
// read for the squarest shape with a cell for each of their tiles and the
// blank, and serve the boards of every shape of that many cells.
func anyShapePartition(text string, g statespace.Goal) (pdb.Partition, error) {
	name := strings.TrimSpace(text)
	if _, ok := pdb.PresetShape(name); ok {
		return pdb.Partition{Name: name}, nil
	}
	cells := len(strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == '/' })) + 1
	shape := statespace.Shape{Rows: 4, Cols: 4} // for the error of a partition that fits no shape
	for rows := 2; rows*rows <= cells; rows++ {
		if sh := (statespace.Shape{Rows: rows, Cols: cells / rows}); cells%rows == 0 && sh.Validate() == nil {
			shape = sh
		}
	}
	goal, err := g.For(shape)
	if err != nil {
		return pdb.Partition{}, err
	}
	return pdb.ParsePartition(text, goal)
}

// Want is what the flags ask of each answer: with path an optimal path,
// and with -all-moves every optimal first move of a board solved by
// search.
func (s *Source) Want(path bool) resolve.Want {
	return resolve.Want{Path: path, AllMoves: s.allMoves}
}

// searchFlags apply to boards solved by search. (-all-moves is not one:
// a table keeps its promise, every optimal move, without it.)
var searchFlags = []string{"pdb-dir", "pdb"}

// CheckSearch refuses the search flags where every board has a table
// (tables need no databases): for the shape g fixes, or when it fixes
// none for the shapes of boards (the boards given as arguments; none
// means stdin, whose shapes only their answers tell).
func (s *Source) CheckSearch(g statespace.Goal, boards []string) error {
	given := s.searchGiven()
	if len(given) == 0 {
		return nil
	}
	shapes := []statespace.Shape{g.Shape()}
	if g.Shape() == (statespace.Shape{}) {
		shapes = nil
		for _, text := range boards {
			if b, err := statespace.Parse(text, statespace.Shape{}); err == nil {
				shapes = append(shapes, b.Shape())
			}
		}
		if len(shapes) == 0 || len(shapes) < len(boards) {
			return nil // stdin, or boards whose shape only their answer tells
		}
	}
	for _, sh := range shapes {
		if !s.tabled(sh) {
			return nil
		}
	}
	return cli.Usagef("%s %s to boards solved by search; %s boards are answered from their exact distance table, which needs no pattern databases",
		strings.Join(given, " and "), textfmt.Plural(len(given), "applies", "apply"), shapes[0])
}

// tabled reports whether every board of shape s has a distance table at
// hand (-table, or small enough to build at once: resolve's
// DefaultBuildLimit), so that search options do not apply to it.
func (s *Source) tabled(sh statespace.Shape) bool {
	if s.table != "" {
		return true
	}
	sp, err := statespace.NewSpace(statespace.GoalLast(sh))
	return err == nil && sp.Size() <= resolve.DefaultBuildLimit
}

// CheckTabled refuses the search flags for boards of goal answered from
// a table (src), which need no databases, so that the flags would apply
// to no board: CheckSearch refuses them before any input where the shape
// tells; this is for where only the answer tells (a 12-cell table found
// in the cache, boards of any shape read from stdin).
func (s *Source) CheckTabled(src *resolve.Source, goal statespace.Board) error {
	if src == nil || src.Kind != resolve.FromTable || len(s.searchGiven()) == 0 {
		return nil
	}
	return &cli.TabledError{Goal: goal}
}

// searchGiven returns the search flags given, as "-pdb".
func (s *Source) searchGiven() []string {
	var given []string
	for _, name := range searchFlags {
		if s.fs != nil && s.fs.IsGiven(name) {
			given = append(given, "-"+name)
		}
	}
	return given
}

// ProgressBars draws one progress bar per build on stderr, when it is a
// terminal.
func ProgressBars(stderr io.Writer) resolve.Progress {
	var bar *progress.Bar
	var label string
	return func(what string, done, total uint64) {
		if bar == nil || what != label {
			bar.Done()
			bar, label = progress.New(stderr, what, float64(total)), what
		}
		bar.Update(float64(done))
		if done >= total {
			bar.Done()
			bar = nil
		}
	}
}

// Moved maps a flag that left a command to the command line that does
// its job now.
type Moved map[string]string

// Refuse returns a usage error naming the new command for the first
// argument of args that is a flag in m ("-serve", "--serve=x"), or nil.
// It looks at args before they are parsed, so a moved flag is named as
// moved rather than as unknown. Arguments after "--" are not flags.
func (m Moved) Refuse(args []string) error {
	for _, a := range args {
		if a == "--" {
			return nil
		}
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if to, ok := m[name]; ok {
			return cli.Usagef("-%s moved to its own command: %s", name, to)
		}
	}
	return nil
}
