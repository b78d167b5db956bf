// Package data ships the small generated files every tilespace binary
// embeds: the 8-puzzle distance tables for the goals "last" and "first".
// The file formats and the naming scheme are documented in README.md in
// this folder.
package data

// The files are what enumerate writes, byte for byte (data_test.go checks
// it): `go generate ./data` remakes them.
//go:generate go run ../cmd/enumerate -goal last -out . -json
//go:generate go run ../cmd/enumerate -goal first -out . -json

import (
	"embed"
	"io/fs"
)

//go:embed *.tbl
var files embed.FS

// Open returns the embedded file with the given name (e.g. "3x3-last.tbl")
// and whether it exists.
func Open(name string) ([]byte, bool) {
	b, err := fs.ReadFile(files, name)
	return b, err == nil
}
