package store

import (
	"errors"
	"fmt"

	"github.com/tilespace/tilespace/internal/errkind"
	"github.com/tilespace/tilespace/pdb"
	"github.com/tilespace/tilespace/statespace"
	"github.com/tilespace/tilespace/tablefile"
)

// The mapping between pattern databases (package pdb) and their file
// container (package tablefile), as table.go is for distance tables:
// pdb computes, store keeps the files. One format is written, version 2
// with raw storage and one byte per entry (WritePDB), which ReadPDB maps
// and uses in place; files of version 1 (a zstd frame, nibbles or bytes,
// which pdb.Write wrote until the codec moved here) and zstd blocks still
// read.

// PDBHeader returns the container header of p, its payload one byte per
// entry.
func PDBHeader(p *pdb.PDB) tablefile.Header {
	goal := p.Goal()
	rows, cols := goal.Shape().Dims()
	h := tablefile.Header{
		Kind:     tablefile.KindPDB,
		Encoding: tablefile.EncodingBytes,
		Rows:     rows,
		Cols:     cols,
		Goal:     goal.Bytes(),
		Entries:  p.Entries(),
		Counts:   p.Counts(),
	}
	for _, t := range p.Tiles() {
		h.Pattern = append(h.Pattern, uint8(t))
	}
	return h
}

// decodePDB rebuilds a database from a header and raw payload that
// tablefile.Read has checked. It checks what the container cannot: the kind
// and encoding, the number of entries for the pattern's size, the counts of
// each value against the payload, and that the goal's own placement has the
// value 0; a failure is a *PDBDecodeError. With the bytes encoding the
// payload becomes the database's storage. Without recount the payload's
// integrity is already checked (a version-2 file's block checksums): it is
// used in place, without copying, and the value counts are the header's
// instead of a count of every entry, which is what lets a memory-mapped 7-8
// database load at once. The payload must then be bytes-encoded and stay
// valid as long as the database is used.
func decodePDB(h tablefile.Header, payload []byte, recount bool) (*pdb.PDB, error) {
	if h.Kind != tablefile.KindPDB {
		return nil, &PDBDecodeError{Msg: fmt.Sprintf("the file holds a %s table, not a pattern database", h.Kind)}
	}
	sh := statespace.Shape{Rows: h.Rows, Cols: h.Cols}
	goal, err := statespace.BoardFromBytes(sh, h.Goal)
	if err != nil {
		return nil, &PDBDecodeError{Msg: fmt.Sprintf("goal: %v", err)}
	}
	pattern := make([]int, len(h.Pattern))
	for i, t := range h.Pattern {
		pattern[i] = int(t)
	}
	var values []byte
	switch h.Encoding {
	case tablefile.EncodingBytes:
		values = payload[:h.Entries]
	case tablefile.EncodingNibbles:
		if !recount {
			return nil, &PDBDecodeError{Msg: fmt.Sprintf("encoding %s; a database used in place must hold bytes", h.Encoding)}
		}
		values = make([]byte, h.Entries)
		for i := range values {
			values[i] = payload[i/2] >> (4 * (i % 2)) & 0xF
		}
	default:
		return nil, &PDBDecodeError{Msg: fmt.Sprintf("encoding %s; pattern databases use bytes or nibbles", h.Encoding)}
	}
	var counts []uint64
	if !recount {
		counts = h.Counts
	}
	p, err := pdb.FromValues(goal, pattern, values, counts)
	var ie *pdb.InvalidError
	if errors.As(err, &ie) {
		return nil, &PDBDecodeError{Msg: ie.Msg, Err: ie}
	}
	if err != nil {
		return nil, err
	}
	got := p.Counts()
	for v := range max(len(got), len(h.Counts)) {
		var g, w uint64
		if v < len(got) {
			g = got[v]
		}
		if v < len(h.Counts) {
			w = h.Counts[v]
		}
		if g != w {
			return nil, &PDBDecodeError{Msg: fmt.Sprintf("%d entries have the value %d, the header counts %d", g, v, w)}
		}
	}
	return p, nil
}

// PDBDecodeError reports a well-formed table file whose contents are not
// a valid pattern database.
type PDBDecodeError struct {
	Msg string
	Err error // the typed cause (a *pdb.InvalidError holding a *pdb.CountsError), when there is one
}

// Kind is errkind.Damaged.
func (*PDBDecodeError) Kind() errkind.Kind { return errkind.Damaged }

func (e *PDBDecodeError) Error() string { return "store: " + e.Msg }

func (e *PDBDecodeError) Unwrap() error { return e.Err }
