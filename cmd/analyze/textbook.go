package main

import (
	"context"
	"io"
)

func runTextbook(ctx context.Context, c command, stdout, stderr io.Writer, args []string) error {
	return usagef("textbook: not built yet")
}
