package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/tilespace/tilespace/record"
	"github.com/tilespace/tilespace/resolve"
)

// FuzzBatch feeds any input to the batch reader in JSON mode: one valid
// record per board line, in order, and as many error records as failed
// lines. Seeds: batchLines and testdata/fuzz/FuzzBatch.
func FuzzBatch(f *testing.F) {
	f.Add(batchLines, 0)
	f.Add("1\t8,6,7,2,5,4,3,0,1\r\n2\n\n#x\n", 2)
	f.Add("1,2,3,0\n1,2,0,3,4,5\n867254301", 0)
	ctx := context.Background()
	res, err := resolve.NewResolver(ctx, resolve.Config{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, input string, field int) {
		if strings.Count(input, "\n") > 200 || len(input) > 4096 {
			return // keep each run fast; lines are independent
		}
		if field < 0 {
			return
		}
		var out bytes.Buffer
		rw := record.NewWriter(&out, io.Discard, record.Options{Format: record.JSON})
		sum, err := batch(ctx, strings.NewReader(input), field%4, asking{res: res, want: resolve.Want{Path: true}}, rw)
		if err != nil {
			t.Fatal(err)
		}
		rw.Flush()
		dec := json.NewDecoder(&out)
		records, failed, lastLine := 0, 0, 0
		for dec.More() {
			var r map[string]any
			if err := dec.Decode(&r); err != nil {
				t.Fatalf("record %d: %v\n%s", records, err, out.String())
			}
			if line, ok := r["line"].(float64); ok {
				if int(line) <= lastLine {
					t.Fatalf("record %d: line %v after %d", records, line, lastLine)
				}
				lastLine = int(line)
				failed++
			} else if len(r) != 5 || r["heuristic"] != resolve.HeuristicTable {
				t.Fatalf("record %d: %v", records, r)
			}
			records++
		}
		if records != sum.Boards || failed != sum.Failed {
			t.Fatalf("%d records, %d failed; summary %+v", records, failed, sum)
		}
	})
}
