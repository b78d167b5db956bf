package analyze

// BookCell is a published figure of Russell & Norvig's comparison of
// iterative deepening and A* on the 8-puzzle: the mean nodes over 100
// random instances of one solution depth.
type BookCell struct {
	Depth     int
	Algorithm string // as Textbook names it: ids-book, astar:misplaced (h1), astar:manhattan (h2)
	Nodes     float64
}

// Book holds figures of Russell & Norvig, "Artificial Intelligence: A
// Modern Approach" (2nd ed. 2003, Fig. 4.8; 3rd ed. 2010, Fig. 3.29):
// the search cost of IDS, A*(h1) (misplaced tiles) and A*(h2) (Manhattan
// distance), averaged over 100 instances of the 8-puzzle for each even
// solution depth from 2 to 24. The figure itself is not copied here, only
// the cells course notes quote from it:
//
//   - depth 12, A*(h1) 227 and A*(h2) 73: NUS CS3243 lecture notes (2004,
//     "Dominance") and a slide quoting the 1st edition's table (whose IDS
//     figure at depth 12, 364,404, differs from the later editions');
//   - depth 12, IDS 3,644,035: NUS CS3243 alone;
//   - depth 24, A*(h1) 39,135 and A*(h2) 1,641: NUS CS3243 and MIT 6.034
//     recitation notes (fall 2004, "Effect on Search Cost").
var Book = []BookCell{
	{12, "ids-book", 3_644_035},
	{12, "astar:misplaced", 227},
	{12, "astar:manhattan", 73},
	{24, "astar:misplaced", 39_135},
	{24, "astar:manhattan", 1_641},
}

// BookSource names Book's source in one line, for tables.
const BookSource = "Russell & Norvig, AIMA 2nd ed. Fig. 4.8 / 3rd ed. Fig. 3.29 (means of 100 random instances per depth, as quoted in course notes)"
