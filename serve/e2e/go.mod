module github.com/tilespace/tilespace/serve/e2e

go 1.26.0

require (
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.23.0
	github.com/tilespace/tilespace v0.0.0
)

require (
	github.com/bits-and-blooms/bitset v1.29.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/klauspost/compress v1.20.4 // indirect
	golang.org/x/image v0.30.0 // indirect
)

// The browser test runs against the tilespace of this checkout.
replace github.com/tilespace/tilespace => ../..
