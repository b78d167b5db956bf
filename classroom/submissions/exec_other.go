//go:build !unix

package submissions

import (
	"context"
	"errors"
	"os"
)

var errUnsupported = errors.New("running submissions needs a Unix system (/bin/sh's ulimit and process groups)")

func newUnboxed(context.Context, Limits) (runner, error) { return nil, errUnsupported }

func describe(err error) string { return err.Error() }

func openRegular(path string) (*os.File, error) { return nil, errUnsupported }
