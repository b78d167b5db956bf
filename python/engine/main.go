// Command engine is the Python package's engine: package pyapi exported
// as a C library (go build -buildmode=c-shared, run by python/setup.py),
// which the package loads with ctypes. Every request is a job: the
// caller makes one (tilespace_job_new), calls tilespace_call with a JSON
// request and its buffers (memory the caller owns, never kept after the
// call returns), may cancel it from another thread (tilespace_job_cancel)
// and read its progress (tilespace_job_progress), then frees it. Strings
// returned are C memory the caller frees with tilespace_free. No exported
// function panics: a panic becomes an error response.
package main

/*
#include <stdint.h>
#include <stdlib.h>
*/
import "C"

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/tilespace/tilespace/python/pyapi"
	"github.com/tilespace/tilespace/store"
)

func main() {}

var (
	engineOnce sync.Once
	engine     *pyapi.Engine
	engineErr  error

	jobs    sync.Map // C handle → *pyapi.Job
	lastJob atomic.Int64
)

// theEngine makes the process's engine on first use, on the cache folder
// ($TILESPACE_CACHE, else the user's cache folder).
func theEngine() (*pyapi.Engine, error) {
	engineOnce.Do(func() {
		cache, err := store.DefaultCache()
		if err != nil {
			engineErr = err
			return
		}
		engine, engineErr = pyapi.New(context.Background(), cache)
	})
	return engine, engineErr
}

// cString returns b as a C string the caller frees (tilespace_free).
func cString(b []byte) *C.char { return C.CString(string(b)) }

func internalError(p any) *C.char {
	b, _ := json.Marshal(map[string]any{"error": map[string]string{"kind": pyapi.KindInternal, "message": fmt.Sprintf("internal error: %v", p)}})
	return cString(b)
}

//export tilespace_job_new
func tilespace_job_new() (h C.int64_t) {
	defer func() {
		if recover() != nil {
			h = -1
		}
	}()
	id := lastJob.Add(1)
	jobs.Store(id, pyapi.NewJob(context.Background()))
	return C.int64_t(id)
}

func job(h C.int64_t) *pyapi.Job {
	if v, ok := jobs.Load(int64(h)); ok {
		return v.(*pyapi.Job)
	}
	return nil
}

//export tilespace_job_cancel
func tilespace_job_cancel(h C.int64_t) {
	defer func() { _ = recover() }()
	if j := job(h); j != nil {
		j.Cancel()
	}
}

//export tilespace_job_free
func tilespace_job_free(h C.int64_t) {
	defer func() { _ = recover() }()
	if j := job(h); j != nil {
		j.Cancel()
		jobs.Delete(int64(h))
	}
}

//export tilespace_job_progress
func tilespace_job_progress(h C.int64_t) (s *C.char) {
	defer func() {
		if p := recover(); p != nil {
			s = internalError(p)
		}
	}()
	e, err := theEngine()
	if err != nil {
		return cString([]byte(`{"what":"","done":0,"total":0}`))
	}
	return cString(e.Progress(job(h)))
}

//export tilespace_call
func tilespace_call(h C.int64_t, req *C.char, reqLen C.int64_t, in unsafe.Pointer, inLen C.int64_t, out unsafe.Pointer, outLen C.int64_t) (s *C.char) {
	defer func() {
		if p := recover(); p != nil {
			s = internalError(p)
		}
	}()
	e, err := theEngine()
	if err != nil {
		b, _ := json.Marshal(map[string]any{"error": map[string]string{"kind": pyapi.KindUnavailable, "message": err.Error()}})
		return cString(b)
	}
	j := job(h)
	if j == nil {
		return internalError(fmt.Sprintf("no job %d", int64(h)))
	}
	return cString(e.Do(j, C.GoBytes(unsafe.Pointer(req), C.int(reqLen)), buffer(in, inLen), buffer(out, outLen)))
}

// buffer is the caller's memory at p, n bytes, as a slice (nil when p is
// nil): read and written during the call only.
func buffer(p unsafe.Pointer, n C.int64_t) []byte {
	if p == nil || n < 0 {
		return nil
	}
	if n == 0 {
		return []byte{}
	}
	return unsafe.Slice((*byte)(p), int(n))
}

//export tilespace_free
func tilespace_free(s *C.char) { C.free(unsafe.Pointer(s)) }
