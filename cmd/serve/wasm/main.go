//go:build js && wasm

// Command wasm is the static copy's engine: the page's API handler,
// compiled to WebAssembly (GOOS=js GOARCH=wasm) and run in a Web Worker
// (static/worker.js), which hands it each request the page would send to
// a server. serve.WriteStatic builds it; it is not run by hand.
package main

import (
	"context"
	"os"
	"syscall/js"

	"github.com/tilespace/tilespace/serve"
)

func main() {
	// The browser has no file system: the cache folder names a place that
	// is never there, so tables are built in memory (and not kept) and
	// 12-cell shapes, which need a cached table, are not offered.
	os.Setenv("TILESPACE_CACHE", "/tilespace-cache")
	// The 15-puzzle by IDA* on what the server resolves: with no files in
	// the browser, pattern databases cheap enough are built in memory on
	// first use, within the server's time limit per board.
	s := serve.New(serve.Config{})
	promise := js.Global().Get("Promise")
	// tilespaceFetch(target) answers a promise of {status, body}.
	js.Global().Set("tilespaceFetch", js.FuncOf(func(_ js.Value, args []js.Value) any {
		target := args[0].String()
		return promise.New(js.FuncOf(func(_ js.Value, p []js.Value) any {
			resolve := p[0]
			go func() {
				status, body := s.Do(context.Background(), target)
				resolve.Invoke(map[string]any{"status": status, "body": string(body)})
			}()
			return nil
		}))
	}))
	if ready := js.Global().Get("tilespaceReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
