package edits_test

import (
	"bytes"
	"fmt"
	"os"

	"maxmatch/hoo/edits"
)

// A system's edits written as a HOO edit file, then read back.
func Example() {
	sys := []edits.Edit{
		{Start: 3, End: 5, Original: "go", Corrections: []edits.Correction{{Text: "goes"}}},   // replace
		{Start: 9, End: 13, Original: "the ", Corrections: []edits.Correction{{Empty: true}}}, // delete
		{Start: 20, End: 20, Corrections: []edits.Correction{{Text: "on "}}},                  // insert
	}
	var file bytes.Buffer
	if err := edits.Write(&file, "0002XX1", sys); err != nil {
		fmt.Println(err)
		return
	}
	os.Stdout.Write(file.Bytes())

	back, err := edits.Read("0002XX1.xml", &file)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range back {
		fmt.Printf("%s [%d,%d) %q → %+v\n", e.Index, e.Start, e.End, e.Original, e.Corrections)
	}
	// Output:
	// <?xml version="1.0" ?>
	// <edits>
	//   <edit end="5" index="0002XX1-0001" start="3">
	//     <original>go</original>
	//     <corrections>
	//       <correction>goes</correction>
	//     </corrections>
	//   </edit>
	//   <edit end="13" index="0002XX1-0002" start="9">
	//     <original>the </original>
	//     <corrections>
	//       <correction>
	//         <empty/>
	//       </correction>
	//     </corrections>
	//   </edit>
	//   <edit end="20" index="0002XX1-0003" start="20">
	//     <original>
	//       <empty/>
	//     </original>
	//     <corrections>
	//       <correction>on </correction>
	//     </corrections>
	//   </edit>
	// </edits>
	// 0002XX1-0001 [3,5) "go" → [{Text:goes Empty:false None:false}]
	// 0002XX1-0002 [9,13) "the " → [{Text: Empty:true None:false}]
	// 0002XX1-0003 [20,20) "" → [{Text:on  Empty:false None:false}]
}
