module github.com/tilespace/tilespace

go 1.26.0

require (
	github.com/bits-and-blooms/bitset v1.29.0
	github.com/klauspost/compress v1.20.4
	golang.org/x/term v0.48.0
	gonum.org/v1/gonum v0.16.0
)

require golang.org/x/sys v0.50.0 // indirect
