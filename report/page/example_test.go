package page_test

import (
	"bytes"
	"fmt"
	"log"
	"strings"

	"maxmatch/report/page"
	"maxmatch/scorer"
)

// Two systems scored against one gold file fill a page, a sentence at a time, from Score's
// callback; the page's sentences are a JSON block that its script renders.
func Example() {
	gold, err := scorer.ReadM2("gold.m2", []byte(`S The cat sat on mat .
A 4 4|||ArtOrDet|||the|||REQUIRED|||-NONE-|||0
A 1 2|||Nn|||cats|||REQUIRED|||-NONE-|||0
`), 0)
	if err != nil {
		log.Fatal(err)
	}
	opt := scorer.DefaultOptions()
	systems := []string{"A", "B"}
	outputs := []string{"The cat sat on the mat .", "The cats sat on mat !"}
	p := page.New(systems, page.Options{Gold: "gold.m2", Scoring: opt})
	table := page.Table{Columns: []string{"system", "F0.5"}, Chart: "F0.5"}
	for k := range systems {
		totals, err := scorer.Score([]string{outputs[k]}, gold, opt, func(r *scorer.SentenceResult) error {
			return p.Add(k, r, &gold[r.Index])
		})
		if err != nil {
			log.Fatal(err)
		}
		_, _, f := totals.PRF()
		table.Rows = append(table.Rows, []page.Cell{page.Text(systems[k]), page.Number(f, "")})
	}
	p.SetSummary(table)
	var b bytes.Buffer
	if err := p.Write(&b); err != nil {
		log.Fatal(err)
	}
	html := b.String()
	start := strings.Index(html, `<script type="application/json" id="data">`)
	end := strings.Index(html[start:], "</script>")
	fmt.Println(html[start+42 : start+end])
	// Output:
	// {"systems":["A","B"],"types":["ArtOrDet","Nn"],"pageSize":20,"sentences":[
	// [1,["The","cat","sat","on","mat","."],[[0,[[4,4,0,["the"]],[1,2,1,["cats"]]]]],[[0,[[4,4,"the",[0]]]],[0,[[1,2,"cats",[1]],[3,6,"on mat !",[]]]]]]]}
}
