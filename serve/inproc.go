package serve

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
)

// Do answers one GET request for target, a path with its query such as
// "/api/board?b=8,6,7,2,5,4,3,0,1", in process and without a network, as
// Handler would answer it over HTTP. The static copy's WebAssembly routes
// each of the page's requests here, so its answers come from this same
// code.
func (s *Server) Do(ctx context.Context, target string) (status int, body []byte) {
	u, err := url.ParseRequestURI(target)
	if err != nil {
		return http.StatusBadRequest, []byte(`{"error":"not a request path"}` + "\n")
	}
	r := (&http.Request{Method: http.MethodGet, URL: u, RequestURI: target, Host: "localhost",
		Header: http.Header{}, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1}).WithContext(ctx)
	w := &inprocWriter{header: http.Header{}}
	s.handler.ServeHTTP(w, r)
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.status, w.body.Bytes()
}

// inprocWriter is the http.ResponseWriter Do answers into (httptest's would
// bring its test server into the WebAssembly).
type inprocWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *inprocWriter) Header() http.Header { return w.header }

func (w *inprocWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.body.Write(b)
}

func (w *inprocWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}
