package serve

import (
	"embed"
	"io/fs"
	"net/http"
)

// The page: plain HTML, one script and one style sheet, no build step and
// nothing fetched from elsewhere, so it works offline.
//
//go:embed static
var staticFiles embed.FS

var hdrNoCache = []string{"no-cache"}

// staticHandler serves the page's files.
func staticHandler() http.Handler {
	sub, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embedded folder is always there
	}
	files := http.FileServerFS(sub)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Cache-Control"] = hdrNoCache
		files.ServeHTTP(w, r)
	})
}
