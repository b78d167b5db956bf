package pyapi

import "github.com/tilespace/tilespace/classroom"

// algorithms answers with the classroom algorithms, their names and
// styles: classroom.Catalog, the table the page reads from
// /api/algorithms, so that the Python package's choices and charts name
// and draw them as the page does.
//
// Request: nothing. Response: algorithms [{key, name, optimal,
// needs_table, style {colour, dash, marker}, watch, chosen}].
func (e *Engine) algorithms(*Job, *Request, []byte, []byte) (result, error) {
	return result{"algorithms": classroom.Catalog()}, nil
}
