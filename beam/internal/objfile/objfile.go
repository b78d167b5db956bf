// Package objfile reads and writes the whole small files of the beam
// module's pipelines, in a local folder or in object storage (gs://…),
// through Beam's filesystem packages: a file is written whole (through a
// temporary name and a rename in a local folder; directly in object
// storage, where a write becomes visible only when it is closed) and
// read within a bound.
package objfile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"   // gs:// folders
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local ones
)

// Join joins a folder and a relative path with "/" (path.Join would fold
// the "//" of "gs://").
func Join(dir string, elem ...string) string {
	return strings.TrimRight(dir, "/") + "/" + strings.Join(elem, "/")
}

// IsRemote reports whether path is in object storage (has a scheme).
func IsRemote(path string) bool { return strings.Contains(path, "://") }

// ErrNotExist marks a file that is not there (as opposed to damaged).
var ErrNotExist = errors.New("no such file")

// Write writes data to path whole, making a local file's folder first.
func Write(ctx context.Context, path string, data []byte) error {
	if !IsRemote(path) {
		if err := os.MkdirAll(path[:strings.LastIndex(path, "/")+1], 0o755); err != nil {
			return err
		}
	}
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	target := path
	renamer, renames := fs.(filesystem.Renamer)
	if renames && !IsRemote(path) {
		target = fmt.Sprintf("%s.tmp-%d-%x", path, os.Getpid(), rand.Uint64())
	} else {
		renames = false
	}
	w, err := fs.OpenWrite(ctx, target)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if _, err := w.Write(data); err != nil {
		w.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if renames {
		if err := renamer.Rename(ctx, target, path); err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
	}
	return nil
}

// Read reads the whole file at path, at most limit bytes; a file that is
// not there is an error wrapping ErrNotExist.
func Read(ctx context.Context, path string, limit int64) ([]byte, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) || strings.Contains(err.Error(), "object doesn't exist") {
			return nil, fmt.Errorf("%s: %w", path, ErrNotExist)
		}
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: longer than the %d bytes it can hold", path, limit)
	}
	return data, nil
}
