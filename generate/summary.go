package generate

import (
	"fmt"
	"io"
	"time"

	"github.com/tilespace/tilespace/internal/textfmt"
)

// Summary totals the files of a run of builds, for the line a batch run
// ends with: how many files were written, their bytes and the run's time.
type Summary struct {
	Files int   `json:"files"`
	Bytes int64 `json:"bytes"`
	// Kept counts the pattern database files a resumed build found
	// whole and did not write again; they are not among Files.
	Kept    int     `json:"kept,omitempty"`
	Seconds float64 `json:"seconds"`
	Dir     string  `json:"dir"`
}

// Add counts the files of one report: a table's file, or each pattern
// database file written.
func (s *Summary) Add(r Report) {
	switch r := r.(type) {
	case TableReport:
		s.Files++
		s.Bytes += r.Bytes
	case PDBReport:
		for _, p := range r.Patterns {
			if p.Kept {
				s.Kept++
				continue
			}
			s.Files++
			s.Bytes += p.Bytes
		}
	}
}

// WriteText writes the summary as one line, such as
// "wrote 25 files, 12,254,806 bytes in all, into DIR in 2.9 s".
func (s Summary) WriteText(w io.Writer) error {
	kept := ""
	if s.Kept > 0 {
		kept = fmt.Sprintf(" (and kept %d %s already there)", s.Kept, textfmt.Plural(s.Kept, "file", "files"))
	}
	d := time.Duration(s.Seconds * float64(time.Second)).Round(100 * time.Millisecond)
	if d == 0 {
		d = time.Duration(s.Seconds * float64(time.Second)).Round(time.Millisecond)
	}
	_, err := fmt.Fprintf(w, "wrote %d %s, %s bytes in all, into %s in %s%s\n", s.Files, textfmt.Plural(s.Files, "file", "files"),
		textfmt.Commas(s.Bytes), s.Dir, d, kept)
	return err
}
