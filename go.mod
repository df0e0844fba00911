module maxmatch

go 1.26

require (
	github.com/google/go-cmp v0.7.0
	github.com/jdkato/prose/v3 v3.2.3
)

require gopkg.in/neurosnap/sentences.v1 v1.0.6 // indirect
