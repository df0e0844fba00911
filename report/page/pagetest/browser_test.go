package pagetest

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestBrowser loads a page twice with different fragments (each load runs its script afresh),
// evaluates expressions, takes a screenshot, and names a missing file and a script error.
func TestBrowser(t *testing.T) {
	bin, err := Find()
	if err != nil {
		t.Skipf("no browser to drive: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	b, err := Start(ctx, bin, 400, 300)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := b.Close(); err != nil {
			t.Error(err)
		}
	}()
	dir := t.TempDir()
	page := filepath.Join(dir, "p.html")
	if err := os.WriteFile(page, []byte(`<!DOCTYPE html><title>t</title><p id="p">static</p>
<script>document.getElementById('p').textContent = 'ran ' + location.hash; window.loads = (window.loads || 0) + 1;</script>`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, frag := range []string{"#one", "#two"} {
		if reqs, err := b.Load(ctx, "file://"+page+frag); err != nil || len(reqs) != 0 {
			t.Fatalf("loading %s: requests %q, error %v; want none", frag, reqs, err)
		}
		dom, err := b.DOM(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := `<p id="p">ran ` + frag + `</p>`; !strings.Contains(dom, want) {
			t.Errorf("DOM after loading %s: %s; want %s in it", frag, dom, want)
		}
		if got, err := b.Eval(ctx, "String(window.loads)"); err != nil || got != "1" {
			t.Errorf("the script ran %q times in this load (%v), want 1", got, err)
		}
	}
	// A page with a style sheet and an image: both requests are named.
	withFiles := filepath.Join(dir, "files.html")
	if err := os.WriteFile(withFiles, []byte(`<!DOCTYPE html><link rel="stylesheet" href="a.css"><img src="b.png"><p>x</p>`), 0o644); err != nil {
		t.Fatal(err)
	}
	reqs, err := b.Load(ctx, "file://"+withFiles)
	if want := []string{"file://" + filepath.Join(dir, "a.css"), "file://" + filepath.Join(dir, "b.png")}; err != nil || !slices.Equal(reqs, want) {
		t.Errorf("a page with a style sheet and an image: requests %q (%v), want %q", reqs, err, want)
	}
	shot := filepath.Join(dir, "p.png")
	w, h, err := b.Screenshot(ctx, shot)
	if err != nil {
		t.Fatal(err)
	}
	if w != 400 || h != 300 {
		t.Errorf("screenshot of %d×%d, want 400×300", w, h)
	}
	if fi, err := os.Stat(shot); err != nil || fi.Size() == 0 {
		t.Errorf("screenshot file: %v", err)
	}
	if _, err := b.Eval(ctx, "nosuchfunction()"); err == nil || !strings.Contains(err.Error(), "nosuchfunction") {
		t.Errorf("a script error gives %v; want an error naming it", err)
	}
	if _, err := b.Eval(ctx, "42"); err == nil || !strings.Contains(err.Error(), "not a string") {
		t.Errorf("a number gives %v; want an error saying it is not a string", err)
	}
	if _, err := b.Load(ctx, "file://"+filepath.Join(dir, "missing.html")); err == nil || !strings.Contains(err.Error(), "FILE_NOT_FOUND") {
		t.Errorf("loading a missing file gives %v; want net::ERR_FILE_NOT_FOUND", err)
	}
}
