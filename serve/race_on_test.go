//go:build race

package serve

// raceDetector is true under -race, whose shadow memory multiplies the
// resident size a memory bound is about.
const raceDetector = true
