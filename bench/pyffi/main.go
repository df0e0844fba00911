//go:build pyffi

// Command pyffi is the C shared library that bench/nbest measures against "maxmatch serve": the
// same requests and answers (package service), called from Python through ctypes instead of
// over a pipe. It is a measurement, not a product: build it with
//
//	go build -tags pyffi -buildmode=c-shared -o libmaxmatch.so ./bench/pyffi
//
// The library holds one Server. maxmatch_open(gold, workers) loads the gold (returns NULL, or an
// error to free); maxmatch_request(lines) answers newline-separated requests, in parallel on
// the workers, and returns the answers, one per line, to free with maxmatch_free.
package main

// #include <stdlib.h>
import "C"

import (
	"bytes"
	"os"
	"strings"
	"unsafe"

	"maxmatch/scorer"
	"maxmatch/service"
)

var srv *service.Server

//export maxmatch_open
func maxmatch_open(gold *C.char, workers C.int) *C.char {
	path := C.GoString(gold)
	data, err := os.ReadFile(path)
	if err != nil {
		return C.CString(err.Error())
	}
	sentences, err := scorer.ReadM2(path, data, 0)
	if err != nil {
		return C.CString(err.Error())
	}
	srv = service.New(sentences, scorer.DefaultOptions(), service.Config{Workers: int(workers)})
	return nil
}

//export maxmatch_request
func maxmatch_request(lines *C.char) *C.char {
	var out bytes.Buffer
	if err := srv.Serve(strings.NewReader(C.GoString(lines)), &out); err != nil {
		return C.CString(err.Error())
	}
	return C.CString(out.String())
}

//export maxmatch_free
func maxmatch_free(p *C.char) { C.free(unsafe.Pointer(p)) }

func main() {}
