// Package record writes answers (package resolve's Answer) as records:
// one struct, Record, whose JSON tags are the keys that query -json
// writes and the page's /api/board embeds, both by encoding/json; a
// Writer of one record a board in one of three formats, in input order;
// and WriteReport, the text for people about one board.
//
//	Plain  8,6,7,2,5,4,3,0,1<TAB>31<TAB>Up Left Right[<TAB>path]
//	JSON   {"board":"8,6,7,2,5,4,3,0,1","distance":31,"optimal_moves":["Up","Left","Right"],"path":["Up",…],"heuristic":"table"}
//	       {"line":4,"input":"1,2,9","error":"…"}
//	CSV    board,distance,optimal_moves,path,error
//	       "8,6,7,2,5,4,3,0,1",31,Up Left Right,Up Up …,
//	       "1,2,9",,,,"…"
//
// Answers found by search add nodes, seconds and the heuristic: four
// more tab-separated columns after the path (empty without
// Options.Path) in plain lines, the keys nodes, generated and seconds in
// JSON, and the columns nodes,seconds,heuristic,generated before error in
// CSV (Options.SearchColumns). Their optimal moves are "?" (left out in
// JSON) unless every optimal move was searched for.
//
// Moves name where the blank goes (Up, Down, Left, Right). With
// Options.TileMoves they name the tile that slides and its direction
// instead, written as one word: "5Down" is the blank's Up when tile 5 is
// above it.
//
// The records import the resolver's answers and nothing imports the
// records from below: resolve knows nothing of how its answers are
// written.
package record
