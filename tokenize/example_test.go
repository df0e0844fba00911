package tokenize_test

import (
	"fmt"

	"maxmatch/tokenize"
)

func Example() {
	text := "\"Don't,\" she said. It's (mostly) fine.\nA heading"
	for _, s := range tokenize.Sentences(text) {
		fmt.Printf("sentence [%d, %d)\n", s.Start, s.End)
		for _, t := range s.Tokens {
			fmt.Printf("  %-5s [%d, %d) %q\n", t.Text, t.Start, t.End, text[t.Start:t.End])
		}
	}
	// Output:
	// sentence [0, 18)
	//   ``    [0, 1) "\""
	//   Do    [1, 3) "Do"
	//   n't   [3, 6) "n't"
	//   ,     [6, 7) ","
	//   ''    [7, 8) "\""
	//   she   [9, 12) "she"
	//   said  [13, 17) "said"
	//   .     [17, 18) "."
	// sentence [19, 38)
	//   It    [19, 21) "It"
	//   's    [21, 23) "'s"
	//   (     [24, 25) "("
	//   mostly [25, 31) "mostly"
	//   )     [31, 32) ")"
	//   fine  [33, 37) "fine"
	//   .     [37, 38) "."
	// sentence [39, 48)
	//   A     [39, 40) "A"
	//   heading [41, 48) "heading"
}
