package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tilespace/tilespace/internal/atomicfile"
)

// maxCheckpoint bounds the bytes a checkpoint file is read to: a larger
// file is damaged, never read whole.
const maxCheckpoint = 64 << 20

// A checkpoint file is sealed: a header naming its kind and version, its
// body as JSON on one line, and the body's SHA-256 on the next. The search
// checkpoints and the textbook run's share the envelope; each kind has its
// own header and body.

// writeSealed writes v to path atomically as a checkpoint opened by
// magic ("tilespace KIND checkpoint VERSION\n").
func writeSealed(ctx context.Context, path, magic string, v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(body)
	return atomicfile.Write(ctx, path, func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "%s%s\n%s\n", magic, body, hex.EncodeToString(sum[:]))
		return err
	})
}

// readCheckpoint reads at most maxCheckpoint+1 bytes of path, so that
// unsealed can tell a file over the bound.
func readCheckpoint(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxCheckpoint+1))
}

// unsealed returns the JSON body of raw, a checkpoint opened by magic
// (what names its kind, "search checkpoint"), or the reason it is
// damaged: over maxCheckpoint bytes, not a checkpoint of the kind,
// another version, truncated or a checksum mismatch.
func unsealed(raw []byte, magic, what string) ([]byte, error) {
	if len(raw) > maxCheckpoint {
		return nil, fmt.Errorf("over %d bytes", maxCheckpoint)
	}
	rest, ok := bytes.CutPrefix(raw, []byte(magic))
	if !ok {
		unversioned := magic[:strings.LastIndexByte(magic, ' ')+1] // "tilespace KIND checkpoint "
		if bytes.HasPrefix(raw, []byte(unversioned)) {
			return nil, fmt.Errorf("unknown version (this build reads %q)", strings.TrimSpace(magic))
		}
		return nil, fmt.Errorf("not a %s", what)
	}
	body, sum, ok := strings.Cut(strings.TrimSuffix(string(rest), "\n"), "\n")
	if !ok || strings.Contains(sum, "\n") {
		return nil, fmt.Errorf("truncated")
	}
	want := sha256.Sum256([]byte(body))
	if hex.EncodeToString(want[:]) != sum {
		return nil, fmt.Errorf("checksum mismatch")
	}
	return []byte(body), nil
}
