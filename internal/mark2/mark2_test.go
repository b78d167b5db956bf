package mark2

import (
	"sync"
	"testing"
)

// Entries are 2 bits each, 32 to a word, in order; IfUnseen marks an entry
// once and leaves its neighbours alone; Or sets bits without clearing.
func TestMark(t *testing.T) {
	words := make([]uint64, 3)
	for _, i := range []uint64{0, 5, 31, 32, 95} {
		if !Unseen(words, i) || !IfUnseen(words, i, 1) || Unseen(words, i) || IfUnseen(words, i, 2) {
			t.Fatalf("entry %d: marked twice or not at all", i)
		}
	}
	want := []uint64{1 | 1<<10 | 1<<62, 1, 1 << 62}
	for j, w := range words {
		if w != want[j] {
			t.Errorf("word %d = %#x, want %#x", j, w, want[j])
		}
	}
	Or(words, 5, 2)
	if words[0]>>10&3 != 3 || !Unseen(words, 4) || !Unseen(words, 6) {
		t.Errorf("Or into entry 5: word %#x", words[0])
	}
}

// Workers marking the same entries at once (the read and the OR are two
// steps, so two may both see an entry unseen) leave every entry with
// exactly the code ORed in: no lost or stray bits in the shared words.
func TestMarkConcurrent(t *testing.T) {
	const n = 4096
	words := make([]uint64, n/perWord)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := uint64(g % 2); i < n; i += 2 {
				IfUnseen(words, i, 2)
			}
		}()
	}
	wg.Wait()
	for i := uint64(0); i < n; i++ {
		if got := words[i/perWord] >> (i % perWord * 2) & 3; got != 2 {
			t.Fatalf("entry %d = %d, want 2", i, got)
		}
	}
}
