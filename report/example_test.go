package report_test

import (
	"os"

	"maxmatch/report"
)

// results is a small table of systems: a header per column, typed cells (text, integers, floats
// shown with 4 decimals), a summary row and a note.
func results() *report.Table {
	return &report.Table{
		Columns: []report.Column{{Name: "system"}, {Name: "TP", Key: "tp"}, {Name: "P", Key: "p"}, {Name: "F_0.5", Key: "f"}},
		Rows: [][]report.Cell{
			{report.Text("CAMB"), report.Int(1206), report.Float(0.3949, 4), report.Float(0.3733, 4)},
			{report.Text("CUUI"), report.Int(903), report.Float(0.4163, 4), report.Float(0.3679, 4)},
		},
		Summary: []report.Cell{report.Text("(all)"), report.Int(2109), report.Float(0.4045, 4), report.Float(0.3711, 4)},
		Notes:   []string{"F_0.5 weighs precision twice as much as recall."},
	}
}

// One table, every format.
func ExampleTable() {
	t := results()
	t.WriteText(os.Stdout)
	os.Stdout.WriteString("\n")
	t.WriteTSV(os.Stdout)
	os.Stdout.WriteString("\n")
	t.WriteCSV(os.Stdout)
	os.Stdout.WriteString("\n")
	t.WriteMarkdown(os.Stdout)
	os.Stdout.WriteString("\n")
	t.WriteLaTeX(os.Stdout)
	os.Stdout.WriteString("\n")
	t.WriteJSON(os.Stdout)
	// Output:
	// system    TP       P   F_0.5
	// ────────────────────────────
	// CAMB    1206  0.3949  0.3733
	// CUUI     903  0.4163  0.3679
	// ────────────────────────────
	// (all)   2109  0.4045  0.3711
	// F_0.5 weighs precision twice as much as recall.
	//
	// system	TP	P	F_0.5
	// CAMB	1206	0.3949	0.3733
	// CUUI	903	0.4163	0.3679
	// (all)	2109	0.4045	0.3711
	// F_0.5 weighs precision twice as much as recall.
	//
	// system,TP,P,F_0.5
	// CAMB,1206,0.3949,0.3733
	// CUUI,903,0.4163,0.3679
	// (all),2109,0.4045,0.3711
	//
	// | system | TP | P | F\_0.5 |
	// | --- | ---: | ---: | ---: |
	// | CAMB | 1206 | 0.3949 | 0.3733 |
	// | CUUI | 903 | 0.4163 | 0.3679 |
	// | **(all)** | **2109** | **0.4045** | **0.3711** |
	//
	// F\_0.5 weighs precision twice as much as recall.
	//
	// \begin{tabular}{lrrr}
	// \toprule
	// system & TP & P & F\_0.5 \\
	// \midrule
	// CAMB & 1206 & 0.3949 & 0.3733 \\
	// CUUI & 903 & 0.4163 & 0.3679 \\
	// \midrule
	// (all) & 2109 & 0.4045 & 0.3711 \\
	// \bottomrule
	// \end{tabular}
	// % F_0.5 weighs precision twice as much as recall.
	//
	// [{"system":"CAMB","tp":1206,"p":0.3949,"f":0.3733},{"system":"CUUI","tp":903,"p":0.4163,"f":0.3679},{"system":"(all)","tp":2109,"p":0.4045,"f":0.3711}]
}

// A document: sections of fields or tables, for readers (text) or programs (JSON lines).
// Fields with only a label are for readers, with only a key for programs.
func ExampleDocument() {
	doc := report.Document{
		{Key: "total", Fields: report.Fields{
			{Key: "correct", Value: report.Int(4)},
			{Label: "Precision", Key: "p", Value: report.Float(2.0/3, 4)},
			{Label: "Recall", Key: "r", Value: report.Float(0.5, 4)},
		}},
		{Key: "bootstrap", Heading: "95% intervals:", Join: true, Fields: report.Fields{
			{Label: "Precision", Key: "p", Value: report.Estimate(2.0/3, 0.5, 0.8, 0.07, 4)},
		}},
	}
	doc.WriteText(os.Stdout)
	doc.WriteJSONLines(os.Stdout)
	// Output:
	// Precision   : 0.6667
	// Recall      : 0.5000
	// 95% intervals:
	// Precision   : [0.5000, 0.8000]
	// {"total":{"correct":4,"p":0.6666666666666666,"r":0.5}}
	// {"bootstrap":{"p":{"value":0.6666666666666666,"lo":0.5,"hi":0.8,"stderr":0.07}}}
}
