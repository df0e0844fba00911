// Package chromium drives a headless Chromium (Debian's chromium package) through the
// DevTools protocol over a pipe, with the standard library only: load a page, read its DOM
// after its scripts have run, evaluate an expression, take a screenshot. It is what the tests
// of our HTML pages need to check them in a real browser; one browser serves many loads,
// which matters because starting one takes a second or more. Nothing here reaches the network.
package pagetest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Find returns the path of a Chromium binary: $CHROMIUM when set, else /usr/bin/chromium, else
// chromium or chromium-browser on the PATH.
func Find() (string, error) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("$CHROMIUM: %w", err)
		}
		return p, nil
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium", nil
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no chromium: not at /usr/bin/chromium nor on the PATH, and $CHROMIUM is not set (Debian: apt-get install -y chromium)")
}

// Browser is a headless Chromium with one page (tab), driven over the DevTools protocol. Its
// methods are not safe for concurrent use.
type Browser struct {
	cmd     *exec.Cmd
	profile string
	stderr  *tailBuffer
	send    io.WriteCloser // the browser reads commands from it (its fd 3)
	msgs    chan message   // what the browser writes (its fd 4), read by one goroutine
	readErr error          // why msgs was closed
	quit    chan struct{}  // closed by Close: the reading goroutine stops
	nextID  int
	session string // of the page's target
}

// message is a reply (ID set) or an event (Method set) of the DevTools protocol.
type message struct {
	ID        int             `json:"id"`
	Method    string          `json:"method"`
	SessionID string          `json:"sessionId"`
	Params    json.RawMessage `json:"params"`
	Result    json.RawMessage `json:"result"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// Start starts a browser whose page is width × height CSS pixels. It runs with a fresh profile
// in a temporary directory, without sandbox or GPU, and with every background network
// service off. ctx bounds the start; Close ends the browser.
func Start(ctx context.Context, binary string, width, height int) (*Browser, error) {
	profile, err := os.MkdirTemp("", "maxmatch-chromium-")
	if err != nil {
		return nil, err
	}
	b := &Browser{profile: profile, stderr: &tailBuffer{max: 4096}, msgs: make(chan message, 64), quit: make(chan struct{})}
	cmdR, cmdW, err := os.Pipe() // commands: we write, the browser reads on its fd 3
	if err != nil {
		os.RemoveAll(profile)
		return nil, err
	}
	outR, outW, err := os.Pipe() // replies and events: the browser writes on its fd 4
	if err != nil {
		cmdR.Close()
		cmdW.Close()
		os.RemoveAll(profile)
		return nil, err
	}
	b.cmd = exec.Command(binary,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run",
		"--user-data-dir="+profile,
		"--window-size="+strconv.Itoa(width)+","+strconv.Itoa(height),
		"--remote-debugging-pipe", "about:blank")
	b.cmd.ExtraFiles = []*os.File{cmdR, outW}
	b.cmd.Stderr = b.stderr
	err = b.cmd.Start()
	cmdR.Close()
	outW.Close()
	if err != nil {
		cmdW.Close()
		outR.Close()
		os.RemoveAll(profile)
		return nil, err
	}
	b.send = cmdW
	go b.read(outR)

	// The page: a target of its own, attached in flat mode (commands carry its session id).
	var target struct{ TargetID string }
	if err := b.call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		b.Close()
		return nil, err
	}
	var attached struct{ SessionID string }
	if err := b.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached); err != nil {
		b.Close()
		return nil, err
	}
	b.session = attached.SessionID
	for _, c := range []struct {
		method string
		params map[string]any
	}{
		{"Page.enable", nil},
		{"Network.enable", nil},
		{"Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}},
	} {
		if err := b.call(ctx, b.session, c.method, c.params, nil); err != nil {
			b.Close()
			return nil, err
		}
	}
	return b, nil
}

// read passes the browser's messages, each ended by a NUL byte, to b.msgs.
func (b *Browser) read(r io.ReadCloser) {
	defer r.Close()
	br := bufio.NewReaderSize(r, 1<<16)
	for {
		raw, err := br.ReadBytes(0)
		if err != nil {
			b.readErr = fmt.Errorf("the browser closed its pipe: %v\n%s", err, b.stderr.String())
			close(b.msgs)
			return
		}
		var m message
		if err := json.Unmarshal(raw[:len(raw)-1], &m); err != nil {
			b.readErr = fmt.Errorf("the browser wrote a message that is not JSON: %v", err)
			close(b.msgs)
			return
		}
		select {
		case b.msgs <- m:
		case <-b.quit:
			return
		}
	}
}

// next returns the browser's next message.
func (b *Browser) next(ctx context.Context) (message, error) {
	select {
	case m, ok := <-b.msgs:
		if !ok {
			return m, b.readErr
		}
		return m, nil
	case <-ctx.Done():
		return message{}, fmt.Errorf("waiting for the browser: %w\n%s", ctx.Err(), b.stderr.String())
	}
}

// command sends one command and returns its id.
func (b *Browser) command(session, method string, params map[string]any) (int, error) {
	b.nextID++
	cmd := map[string]any{"id": b.nextID, "method": method}
	if params != nil {
		cmd["params"] = params
	}
	if session != "" {
		cmd["sessionId"] = session
	}
	data, err := json.Marshal(cmd)
	if err != nil {
		return 0, err
	}
	if _, err := b.send.Write(append(data, 0)); err != nil {
		return 0, fmt.Errorf("%s: %w", method, err)
	}
	return b.nextID, nil
}

// call sends a command and decodes its result into result (when not nil), skipping events.
func (b *Browser) call(ctx context.Context, session, method string, params map[string]any, result any) error {
	id, err := b.command(session, method, params)
	if err != nil {
		return err
	}
	for {
		m, err := b.next(ctx)
		if err != nil {
			return fmt.Errorf("%s: %w", method, err)
		}
		if m.ID != id {
			continue
		}
		if m.Error != nil {
			return fmt.Errorf("%s: %s (%d)", method, m.Error.Message, m.Error.Code)
		}
		if result == nil {
			return nil
		}
		return json.Unmarshal(m.Result, result)
	}
}

// Load navigates the page to url and waits for its load event: the scripts that run while the
// page loads have run. It returns the URLs of the requests the page made while loading,
// besides its own (its scripts, styles, fonts, images). A url that differs from the page's
// only by its fragment is loaded afresh too (through about:blank), so every Load runs the
// page's scripts from the start.
func (b *Browser) Load(ctx context.Context, url string) (requests []string, err error) {
	if _, err := b.navigate(ctx, "about:blank"); err != nil {
		return nil, err
	}
	return b.navigate(ctx, url)
}

// navigate loads url and returns the other URLs requested until its load event.
func (b *Browser) navigate(ctx context.Context, url string) ([]string, error) {
	var nav struct{ ErrorText string }
	id, err := b.command(b.session, "Page.navigate", map[string]any{"url": url})
	if err != nil {
		return nil, err
	}
	var requests []string
	replied, loaded := false, false
	for !replied || !loaded {
		m, err := b.next(ctx)
		if err != nil {
			return nil, fmt.Errorf("loading %s: %w", url, err)
		}
		switch {
		case m.ID == id:
			if m.Error != nil {
				return nil, fmt.Errorf("loading %s: %s", url, m.Error.Message)
			}
			if err := json.Unmarshal(m.Result, &nav); err != nil {
				return nil, err
			}
			if nav.ErrorText != "" {
				return nil, fmt.Errorf("loading %s: %s", url, nav.ErrorText)
			}
			replied = true
		case m.Method == "Network.requestWillBeSent" && m.SessionID == b.session:
			var req struct{ Request struct{ URL string } }
			if err := json.Unmarshal(m.Params, &req); err != nil {
				return nil, err
			}
			if page, _, _ := strings.Cut(url, "#"); req.Request.URL != page {
				requests = append(requests, req.Request.URL)
			}
		case m.Method == "Page.loadEventFired" && m.SessionID == b.session:
			loaded = replied
		}
	}
	return requests, nil
}

// Eval evaluates a JavaScript expression in the page and returns its value, which must be a
// string (awaited first when it is a promise).
func (b *Browser) Eval(ctx context.Context, expr string) (string, error) {
	var r struct {
		Result struct {
			Type  string
			Value json.RawMessage
		}
		ExceptionDetails *struct {
			Text      string
			Exception struct{ Description string }
		}
	}
	if err := b.call(ctx, b.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r); err != nil {
		return "", err
	}
	if e := r.ExceptionDetails; e != nil {
		return "", fmt.Errorf("evaluating %q: %s %s", expr, e.Text, e.Exception.Description)
	}
	var s string
	if err := json.Unmarshal(r.Result.Value, &s); err != nil {
		return "", fmt.Errorf("evaluating %q: a %s, not a string", expr, r.Result.Type)
	}
	return s, nil
}

// DOM returns the page's document serialised as HTML (its outerHTML), as it is now.
func (b *Browser) DOM(ctx context.Context) (string, error) {
	return b.Eval(ctx, "document.documentElement.outerHTML")
}

// Screenshot writes a PNG of the page's viewport to path and returns its size in pixels,
// read back from the PNG (an error if the browser's data is not one).
func (b *Browser) Screenshot(ctx context.Context, path string) (width, height int, err error) {
	var r struct{ Data string }
	if err := b.call(ctx, b.session, "Page.captureScreenshot", map[string]any{"format": "png"}, &r); err != nil {
		return 0, 0, err
	}
	data, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		return 0, 0, fmt.Errorf("screenshot: %w", err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return 0, 0, fmt.Errorf("screenshot: %w", err)
	}
	return cfg.Width, cfg.Height, os.WriteFile(path, data, 0o644)
}

// Close ends the browser and removes its profile.
func (b *Browser) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = b.call(ctx, "", "Browser.close", nil, nil) // it may exit before it replies
	b.send.Close()
	close(b.quit)
	done := make(chan error, 1)
	go func() { done <- b.cmd.Wait() }()
	select {
	case <-done:
	case <-ctx.Done():
		b.cmd.Process.Kill()
		<-done
	}
	return os.RemoveAll(b.profile)
}

// tailBuffer keeps the last max bytes written to it: the browser's stderr, for errors.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = t.buf[len(t.buf)-t.max:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.buf))
}
