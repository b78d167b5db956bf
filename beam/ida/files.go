package ida

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

// A results folder (a local folder, or gs://bucket/path) holds:
//
//	run.json                        what is searched: board, goal, heuristic, split depth
//	bound-0047/subtree-000123.json  subtree 123's result under bound 47
//	bound-0047/found                a subtree holding a solution (its index), once one is found
//	bound-0047/iteration.json       the iteration's record, written after every subtree's
//
// Nothing is changed in place; every file is written whole.

// join joins a folder and a relative path with "/" (path.Join would fold
// the "//" of "gs://").
func join(dir string, elem ...string) string {
	return strings.TrimRight(dir, "/") + "/" + strings.Join(elem, "/")
}

func boundDir(results string, bound int) string {
	return join(results, fmt.Sprintf("bound-%04d", bound))
}

func subtreePath(results string, bound, index int) string {
	return join(boundDir(results, bound), fmt.Sprintf("subtree-%06d.json", index))
}

func iterationPath(results string, bound int) string {
	return join(boundDir(results, bound), "iteration.json")
}

// foundPath names the file that holds the index of a subtree found to
// hold a solution under bound (not always the first: a hint, which lets
// the workers skip the subtrees after it).
func foundPath(results string, bound int) string { return join(boundDir(results, bound), "found") }

func runPath(results string) string { return join(results, "run.json") }

// isRemote reports whether path is in object storage (has a scheme).
func isRemote(path string) bool { return strings.Contains(path, "://") }

// writeFile writes data to path whole: through a temporary name and a
// rename in a local folder, directly in object storage, where a write
// becomes visible only when it is closed.
func writeFile(ctx context.Context, path string, data []byte) error {
	if !isRemote(path) {
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
	if renames && !isRemote(path) {
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

// errNotExist marks a file that is not there (as opposed to damaged).
var errNotExist = errors.New("no such file")

// readFile reads the whole file at path, at most limit bytes.
func readFile(ctx context.Context, path string, limit int64) ([]byte, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) || strings.Contains(err.Error(), "object doesn't exist") {
			return nil, fmt.Errorf("%s: %w", path, errNotExist)
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

// copyFile copies src (any filesystem Beam reaches) to the local file
// dst, whole: through a temporary name and a rename.
func copyFile(ctx context.Context, src, dst string) error {
	fs, err := filesystem.New(ctx, src)
	if err != nil {
		return err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, src)
	if err != nil {
		return fmt.Errorf("reading %s: %w", src, err)
	}
	defer r.Close()
	tmp := fmt.Sprintf("%s.tmp-%d-%x", dst, os.Getpid(), rand.Uint64())
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("copying %s: %w", src, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, dst)
}
