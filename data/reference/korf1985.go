package reference

import _ "embed"

//go:embed korf1985-generated.tsv
var korf1985 string

// Korf1985 returns Korf's 100 random 15-puzzle instances (goal 0,1,…,15)
// with their optimal lengths and, as Generated, the nodes IDA* with
// Manhattan distance generated on each in Korf's 1985 table, as the
// file's header says it was transcribed (one public copy; where a second
// disagrees, the header gives both values and the evidence).
func Korf1985() []Instance { return mustInstances("korf1985-generated.tsv", korf1985) }
