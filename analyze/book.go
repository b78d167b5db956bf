package analyze

// BookCell is a published figure of Russell & Norvig's comparison of
// iterative deepening and A* on the 8-puzzle: the mean nodes over 100
// random instances of one solution depth.
type BookCell struct {
	Depth     int
	Algorithm string // as Textbook names it: ids-book, astar:misplaced (h1), astar:manhattan (h2)
	Nodes     float64
}

// Book holds the figures of Russell & Norvig, "Artificial Intelligence: A
// Modern Approach" (3rd ed. 2010, Fig. 3.29; the same table is the 2nd
// edition's Fig. 4.8): the search cost (nodes generated) of IDS, A*(h1)
// (misplaced tiles) and A*(h2) (Manhattan distance), averaged over 100
// instances of the 8-puzzle for each even solution depth from 2 to 24;
// IDS only to depth 12. The 1st edition's table gives IDS 364,404 at
// depth 12 and 3,473,941 at depth 14 instead.
var Book = bookTable([]int{2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24},
	map[string][]float64{
		"ids-book":        {10, 112, 680, 6_384, 47_127, 3_644_035},
		"astar:misplaced": {6, 13, 20, 39, 93, 227, 539, 1_301, 3_056, 7_276, 18_094, 39_135},
		"astar:manhattan": {6, 12, 18, 25, 39, 73, 113, 211, 363, 676, 1_219, 1_641},
	})

// bookTable lists the cells of a table by depth, each algorithm's column
// as long as the book's.
func bookTable(depths []int, columns map[string][]float64) []BookCell {
	var cells []BookCell
	for i, d := range depths {
		for _, alg := range []string{"ids-book", "astar:misplaced", "astar:manhattan"} {
			if col := columns[alg]; i < len(col) {
				cells = append(cells, BookCell{d, alg, col[i]})
			}
		}
	}
	return cells
}

// BookSource names Book's source in one line, for tables.
const BookSource = "Russell & Norvig, AIMA 3rd ed. Fig. 3.29 (2nd ed. Fig. 4.8): means of 100 random instances per depth"
