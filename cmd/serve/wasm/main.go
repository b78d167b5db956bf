//go:build js && wasm

// Command wasm is the static copy's engine: the page's API (package
// serve/api, the code the HTTP server answers from), compiled to
// WebAssembly (GOOS=js GOARCH=wasm) and run in a Web Worker
// (static/worker.js), which hands it each request the page would send to
// a server. It links no net/http (and so no TLS and its crypto).
// go generate ./serve builds it into serve/engine, which the serve binary
// embeds and serve -static writes out; it is not run by hand. Every file
// of it but its tests builds for GOOS=js GOARCH=wasm only, so go install
// ./cmd/... installs no binary of it; its logic is package
// cmd/serve/internal/engine.
package main

import (
	"context"
	"net/url"
	"os"
	"syscall/js"

	"github.com/tilespace/tilespace/cmd/serve/internal/engine"
	"github.com/tilespace/tilespace/serve/api"
)

func main() {
	os.Setenv("TILESPACE_CACHE", engine.BrowserCache)
	// The 15-puzzle by IDA* on what the server resolves: with no files in
	// the browser, pattern databases cheap enough are built in memory on
	// first use; the time limit per board starts once they are ready.
	// Their progress goes to the page (worker.js posts it), so the minutes a
	// slow machine may take show as a count rather than as a hang; only
	// whole-percent steps are sent, to keep the messages few.
	lastPercent := uint64(101)
	progress := func(what string, done, total uint64) {
		if total == 0 {
			return
		}
		percent := done * 100 / total
		if percent == lastPercent && done < total { // the end is always sent
			return
		}
		lastPercent = percent
		if f := js.Global().Get("tilespaceProgress"); f.Type() == js.TypeFunction {
			f.Invoke(what, float64(done), float64(total))
		}
	}
	s, _, err := engine.New(context.Background(), api.Limits{}, progress)
	if err != nil {
		panic(err) // the zero Cache and no flags: nothing to refuse
	}
	promise := js.Global().Get("Promise")
	// tilespaceFetch(target) answers a promise of {status, type, body}:
	// type is the body's content type, body a string for JSON and a
	// Uint8Array for an image (/api/gif), whose bytes a string would not
	// keep.
	uint8Array := js.Global().Get("Uint8Array")
	object := js.Global().Get("Object")
	js.Global().Set("tilespaceFetch", js.FuncOf(func(_ js.Value, args []js.Value) any {
		target := args[0].String()
		return promise.New(js.FuncOf(func(_ js.Value, p []js.Value) any {
			resolve := p[0]
			go func() {
				status, body := s.Do(context.Background(), target)
				typ := api.TypeJSON
				if u, err := url.ParseRequestURI(target); err == nil {
					typ = api.ContentType(u.Path, status)
				}
				reply := object.New()
				reply.Set("status", status)
				reply.Set("type", typ)
				if typ == api.TypeJSON {
					reply.Set("body", string(body))
				} else {
					b := uint8Array.New(len(body))
					js.CopyBytesToJS(b, body)
					reply.Set("body", b)
				}
				resolve.Invoke(reply)
			}()
			return nil
		}))
	}))
	if ready := js.Global().Get("tilespaceReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
