package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// checkPalette checks the page's one palette, with Compare, Watch and
// Scaling filled: each algorithm has one style in the engine's table of
// algorithms (/api/algorithms, the page's algorithms.list: a
// colour, a dash, a marker), no two alike, no colour near an outcome's
// (optimal, longer, stopped, in either mode) and each readable on white;
// every line and marker the charts draw for an algorithm is in its
// style; the optimal descent is drawn over each path, wide enough to see.
func checkPalette(p *page) {
	t := p.t
	t.Helper()
	var r struct {
		Styles   map[string]struct{ Colour, Dash, Marker string }
		Outcomes map[string]string
		Keys     []string
		Drawn    []struct{ Where, Alg, Stroke, Fill, Dash, Marker string }
		Descents []struct {
			Alg        string
			Over       bool
			Span, Plot float64
		}
	}
	js := eval[string](p, `(() => {
		const norm = (c) => { const e = document.createElement("i"); e.style.color = c; document.body.appendChild(e); const v = getComputedStyle(e).color; e.remove(); return v; };
		const root = document.documentElement, was = root.classList.contains("projector");
		const out = {styles: {}, outcomes: {}, drawn: [], descents: [],
			keys: Array.from(document.querySelectorAll("#compare-table tbody tr")).map(tr => tr.dataset.key)
				.concat(Array.from(document.querySelectorAll("#scaling-algs input")).map(c => c.value))
				.concat(Array.from(document.querySelectorAll("#watch-alg option")).map(o => watchedKey(o.value)))};
		for (const a of algorithms.list) out.styles[a.key] = {colour: norm(a.style.colour), dash: a.style.dash, marker: a.style.marker};
		for (const mode of [false, true]) {
			root.classList.toggle("projector", mode);
			for (const o of ["--good", "--longer", "--stopped"]) out.outcomes[o + (mode ? " (projector)" : "")] = norm(getComputedStyle(root).getPropertyValue(o).trim());
		}
		root.classList.toggle("projector", was);
		for (const e of document.querySelectorAll("[data-alg]")) {
			if (!(e instanceof SVGElement) || e.localName === "svg") continue;
			const s = getComputedStyle(e);
			const where = (e.closest("[id]") || {}).id + " " + e.localName + "." + e.getAttribute("class");
			out.drawn.push({where, alg: e.dataset.alg, stroke: s.stroke, fill: s.fill, dash: s.strokeDasharray, marker: e.dataset.marker || ""});
		}
		for (const svg of document.querySelectorAll("#compare-paths svg.spark")) {
			const path = svg.querySelector("polyline.path"), opt = svg.querySelector("line.opt");
			if (!opt) continue;
			const axis = svg.querySelector("line.axis:nth-of-type(2)");
			out.descents.push({alg: svg.dataset.alg, over: !!(path.compareDocumentPosition(opt) & Node.DOCUMENT_POSITION_FOLLOWING),
				span: Math.abs(opt.x2.baseVal.value - opt.x1.baseVal.value), plot: Math.abs(axis.x2.baseVal.value - axis.x1.baseVal.value)});
		}
		return JSON.stringify(out);
	})()`)
	if err := json.Unmarshal([]byte(js), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Styles) == 0 {
		t.Fatal("no algorithms with styles on the page (/api/algorithms)")
	}
	seen := map[string]string{}
	for k, st := range r.Styles {
		id := st.Colour + "|" + st.Dash + "|" + st.Marker
		if other, ok := seen[id]; ok {
			t.Errorf("%s and %s have the same style %s: lines that overlap cannot be told apart", k, other, id)
		}
		seen[id] = k
		if c := contrast(st.Colour, "rgb(255, 255, 255)"); c < 3 {
			t.Errorf("%s's colour %s has contrast %.1f on white, want at least 3", k, st.Colour, c)
		}
		for o, oc := range r.Outcomes {
			if d := deltaE(st.Colour, oc); d < 25 {
				t.Errorf("%s's colour %s is %.0f from the outcome colour %s %s: an outcome colour means an outcome only", k, st.Colour, d, o, oc)
			}
		}
	}
	for _, k := range r.Keys {
		if _, ok := r.Styles[k]; !ok {
			t.Errorf("the page offers %s, which has no style in the palette", k)
		}
	}
	dash := func(s string) string {
		if s == "none" {
			return ""
		}
		return strings.Join(strings.Fields(strings.NewReplacer("px", "", ",", " ").Replace(s)), " ")
	}
	where := map[string]int{}
	for _, d := range r.Drawn {
		st, ok := r.Styles[d.Alg]
		if !ok {
			t.Errorf("%s draws %q, not in the palette", d.Where, d.Alg)
			continue
		}
		where[strings.Fields(d.Where)[0]]++
		if strings.HasSuffix(d.Where, "polygon.band") {
			if d.Fill != st.Colour {
				t.Errorf("%s: %s's band is filled %s, want its own %s", d.Where, d.Alg, d.Fill, st.Colour)
			}
			continue
		}
		if d.Marker != "" {
			if d.Fill != st.Colour || d.Marker != st.Marker {
				t.Errorf("%s: %s's marker is a %s filled %s, want its own %s in %s", d.Where, d.Alg, d.Marker, d.Fill, st.Marker, st.Colour)
			}
			continue
		}
		if d.Stroke != st.Colour || dash(d.Dash) != st.Dash {
			t.Errorf("%s: %s is drawn %s dashed %q, want its own %s dashed %q", d.Where, d.Alg, d.Stroke, dash(d.Dash), st.Colour, st.Dash)
		}
	}
	for _, w := range []string{"compare-paths", "watch-chart", "scaling-charts", "scaling-legend"} {
		if where[w] == 0 {
			t.Errorf("%s draws no algorithm in its style (drawn: %v)", w, where)
		}
	}
	if len(r.Descents) == 0 {
		t.Error("no optimal descent drawn under Compare's paths")
	}
	for _, d := range r.Descents {
		if !d.Over || d.Span < 0.2*d.Plot {
			t.Errorf("%s's optimal descent: drawn over the path %v, %.0f of %.0f px wide: want it over the path and at least a fifth of the plot", d.Alg, d.Over, d.Span, d.Plot)
		}
	}
}

// deltaE is the CIE76 difference of two CSS rgb() colours (sRGB, D65):
// about 2 is the least an eye tells apart; 25 and more, another colour.
func deltaE(a, b string) float64 {
	lab := func(c string) [3]float64 {
		var rgb [3]float64
		fmt.Sscanf(strings.NewReplacer("rgba(", "", "rgb(", "", ",", " ", ")", "").Replace(c), "%g %g %g", &rgb[0], &rgb[1], &rgb[2])
		for i, v := range rgb {
			v /= 255
			if v <= 0.04045 {
				rgb[i] = v / 12.92
			} else {
				rgb[i] = math.Pow((v+0.055)/1.055, 2.4)
			}
		}
		x := (0.4124*rgb[0] + 0.3576*rgb[1] + 0.1805*rgb[2]) / 0.95047
		y := 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
		z := (0.0193*rgb[0] + 0.1192*rgb[1] + 0.9505*rgb[2]) / 1.08883
		f := func(t float64) float64 {
			if t > 216.0/24389 {
				return math.Cbrt(t)
			}
			return (24389.0/27*t + 16) / 116
		}
		return [3]float64{116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))}
	}
	p, q := lab(a), lab(b)
	return math.Sqrt((p[0]-q[0])*(p[0]-q[0]) + (p[1]-q[1])*(p[1]-q[1]) + (p[2]-q[2])*(p[2]-q[2]))
}

var (
	meanCell = regexp.MustCompile(`^(–|[0-9]{1,3}(,[0-9]{3})*(\.[0-9])?)$`)
	timeCell = regexp.MustCompile(`^(< )?([0-9]+(\.[0-9]+)?) (µs|ms|s)$`)
)

// checkScalingNumbers checks Scaling's table and time chart as a class
// reads them: path lengths as whole numbers with separators (one decimal
// for a mean that has one); no time of 0 and none under the clock's step
// but as "< step"; no point at or under the floor of a log axis; in the
// static copy, the clock's step stated under the charts.
func checkScalingNumbers(p *page) {
	t := p.t
	t.Helper()
	res := eval[float64](p, `clock.resolution`)
	static := eval[string](p, `document.body.dataset.mode`) == "static"
	if static && !(res > 0) {
		t.Errorf("the static copy measured its clock's step as %g s", res)
	}
	cells := eval[[][]string](p, `Array.from(document.querySelectorAll("#scaling-table tbody tr")).map(tr => Array.from(tr.children).map(e => e.textContent))`)
	if len(cells) == 0 {
		t.Fatal("no scaling table to check")
	}
	unit := map[string]float64{"µs": 1e-6, "ms": 1e-3, "s": 1}
	for _, c := range cells {
		if !meanCell.MatchString(c[7]) {
			t.Errorf("scaling row %v: path length %q, want a whole number with separators (one decimal at most)", c, c[7])
		}
		m := timeCell.FindStringSubmatch(c[8])
		if m == nil {
			t.Errorf("scaling row %v: time %q", c, c[8])
			continue
		}
		v, _ := strconv.ParseFloat(m[2], 64)
		v *= unit[m[4]]
		if m[1] == "" && (v == 0 || (res > 0 && v < res*0.999)) {
			t.Errorf("scaling row %v: time %q is under the clock's step %g s", c, c[8], res)
		}
	}
	vals := eval[[]float64](p, `Array.from(document.querySelectorAll("#scaling-charts svg[data-measure=time] .marker")).map(e => Number(e.dataset.value))`)
	for _, v := range vals {
		if !(v > 0) || v < res {
			t.Errorf("the time chart draws a mean of %g s, under the clock's step %g s (or 0) on a log axis", v, res)
		}
	}
	if legend := p.text("#scaling-legend"); static && !strings.Contains(legend, "clock, which ticks every") {
		t.Errorf("the static copy's scaling legend does not state its clock's step: %q", legend)
	}
	t.Logf("scaling (%s): clock step %g s; %d time means drawn; times %v", eval[string](p, `document.body.dataset.mode`), res, len(vals), func() (s []string) {
		for _, c := range cells {
			s = append(s, c[8])
		}
		return
	}())
}
