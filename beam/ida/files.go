package ida

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"

	"github.com/tilespace/tilespace/beam/internal/objfile"
)

// A results folder (a local folder, or gs://bucket/path) holds:
//
//	run.json                        what is searched: board, goal, heuristic, split depth
//	bound-0047/subtree-000123.json  subtree 123's result under bound 47
//	bound-0047/found                a subtree holding a solution (its index), once one is found
//	bound-0047/iteration.json       the iteration's record, written after every subtree's
//
// Nothing is changed in place; every file is written whole.

// The shared helpers of the module's files (package objfile).
var (
	join        = objfile.Join
	isRemote    = objfile.IsRemote
	writeFile   = objfile.Write
	readFile    = objfile.Read
	errNotExist = objfile.ErrNotExist
)

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
