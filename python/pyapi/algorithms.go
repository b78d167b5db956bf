package pyapi

import "github.com/tilespace/tilespace/classroom"

// algorithmsResult is the algorithms' response.
type algorithmsResult struct {
	Algorithms []classroom.AlgorithmInfo `json:"algorithms"`
}

// algorithms answers with the classroom algorithms, their names and
// styles: classroom.Catalog, the table the page reads from
// /api/algorithms, so that the Python package's choices and charts name
// and draw them as the page does.
func (e *Engine) algorithms(*Job, *algorithmsRequest, []byte, []byte) (*algorithmsResult, error) {
	return &algorithmsResult{Algorithms: classroom.Catalog()}, nil
}
