package references_test

import (
	"fmt"

	"maxmatch/references"
)

func ExampleM2() {
	source := references.File{Name: "source.txt", Lines: []string{"He go home .", "I like it ."}}
	refs := []references.File{
		{Name: "ref0.txt", Lines: []string{"He goes home .", "I like it ."}},
		{Name: "ref1.txt", Lines: []string{"He went home .", "I like it ."}},
	}
	m2, err := references.M2(source, refs, references.Options{})
	fmt.Printf("%s%v\n", m2, err)
	// Output:
	// S He go home .
	// A 1 2|||UNK|||goes|||REQUIRED|||-NONE-|||0
	// A 1 2|||UNK|||went|||REQUIRED|||-NONE-|||1
	//
	// S I like it .
	// A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
	// A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1
	//
	// <nil>
}
