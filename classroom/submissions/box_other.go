//go:build !linux

package submissions

import (
	"context"
	"runtime"
)

func newBox(context.Context, Limits) (runner, error) { return nil, &NoBoxError{OS: runtime.GOOS} }
