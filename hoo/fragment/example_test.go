package fragment_test

import (
	"fmt"

	"maxmatch/hoo/fragment"
)

func ExampleParseName() {
	for _, file := range []string{"0001.txt", "0001GE.xml", "0001AB2.txt", "0001AB2.xml", "0001AB2.txt.bak"} {
		n, ok := fragment.ParseName(file)
		if !ok {
			fmt.Printf("%-16s not a file of the data\n", file)
			continue
		}
		fmt.Printf("%-16s %s of fragment %s (stem %s)\n", file, n.Kind.Noun(), n.Fragment, n.Stem())
	}
	// Output:
	// 0001.txt         raw text of fragment 0001 (stem 0001)
	// 0001GE.xml       gold edit file of fragment 0001 (stem 0001GE)
	// 0001AB2.txt      system text of fragment 0001 (stem 0001AB2)
	// 0001AB2.xml      system edit file of fragment 0001 (stem 0001AB2)
	// 0001AB2.txt.bak  not a file of the data
}
