//go:build !unix

package submissions

import (
	"context"
	"errors"
	"os"
)

var errUnsupported = errors.New("running submissions needs a Unix system (/bin/sh's ulimit and process groups)")

func probe(context.Context, Limits) error { return errUnsupported }

func execute(context.Context, string, []string, Limits) outcome { return outcome{err: errUnsupported} }

func describe(err error) string { return err.Error() }

func openRegular(path string) (*os.File, error) { return nil, errUnsupported }
