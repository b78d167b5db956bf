package classroom

import (
	"context"
	"strconv"

	"github.com/tilespace/tilespace/internal/testkit/fixture"
)

var (
	sh33 = fixture.Shape3x3
	bg   = context.Background()
)

func itoaTest(n int) string { return strconv.Itoa(n) }
