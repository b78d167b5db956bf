package api

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
	"github.com/tilespace/tilespace/search"
	"github.com/tilespace/tilespace/statespace"
)

// The page's compare meets the table as classroom compare does: a search
// that beats a forged table (its counts kept) refuses it, and the page
// answers 500 with the damage and the board, never "-2 moves over
// optimal".
func TestCompareRefusesForgedTable(t *testing.T) {
	goal := statespace.GoalLast(statespace.Shape{Rows: 2, Cols: 4})
	truth := fixture.TableFor(t, goal)
	f := fixture.CountKeepingForgery(t, truth, fixture.NewRand(35))
	_, err := compareBoard(context.Background(), f.Raised, goal, f.Table, search.Limits{MaxExpanded: 200_000, MaxTime: time.Minute}, nil)
	if err == nil {
		t.Fatalf("the page compared %s on a table that says %d, truth %d", f.Raised, f.D+2, f.D)
	}
	s := &Server{cfg: Config{Explain: func(err error) string { return err.Error() + "; check it" }}}
	status, body := ErrorReply(s.explained(err, 0), StatusBadRequest)
	var reply struct{ Error string }
	if jerr := json.Unmarshal(body, &reply); jerr != nil {
		t.Fatal(jerr)
	}
	if status != StatusInternalServerError || !strings.Contains(reply.Error, "the table is damaged") ||
		!strings.Contains(reply.Error, f.Raised.String()) || !strings.HasSuffix(reply.Error, "; check it") {
		t.Errorf("a forged table's compare: %d %q", status, reply.Error)
	}
}
