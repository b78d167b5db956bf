//go:build !unix

package tablefile

import (
	"errors"
	"os"
)

// Without mmap every file is read whole.
const canMap = false

func openNonBlocking(path string) (*os.File, error) { return os.Open(path) }

func mapFile(*os.File, int64) ([]byte, error) { return nil, errors.New("no mmap on this platform") }

func unmapFile([]byte) error { return nil }
