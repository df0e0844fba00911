// Command printversion prints version.String(): the tests build it with and without
// version.StampFlags.
package main

import (
	"fmt"

	"maxmatch/version"
)

func main() { fmt.Println(version.String()) }
