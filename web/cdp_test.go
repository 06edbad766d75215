package web

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"gammond/internal/testmain"
)

// browser is headless Chromium driven over the DevTools protocol. The
// protocol runs over a pipe (--remote-debugging-pipe: Chromium reads
// commands from its fd 3 and writes answers to fd 4, each a JSON message
// ended by a NUL byte), which needs no port, no WebSocket and no
// dependency.
type browser struct {
	cmd     *exec.Cmd
	out     *os.File // to Chromium's fd 3
	stderr  bytes.Buffer
	session string // the page's, for its commands

	mu      sync.Mutex
	nextID  int
	waiting map[int]chan cdpReply
	readErr error
}

type cdpReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// chromium returns the browser to test with: $CHROMIUM, or chromium on
// the PATH.
func chromium() (string, error) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p, nil
	}
	return exec.LookPath("chromium")
}

// startBrowser launches headless Chromium with a page of width x height,
// or skips the test when there is none (fails it when CI runs). It is closed when the test ends.
func startBrowser(t *testing.T, width, height int) *browser {
	t.Helper()
	path, err := chromium()
	if err != nil {
		err = fmt.Errorf("apt-get install chromium, or set CHROMIUM: %w", err)
	}
	testmain.NeedPeer(t, "Chromium", err)
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	ansR, ansW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	b := &browser{out: cmdW, waiting: map[int]chan cdpReply{}}
	// The flags keep Chromium off the network (the machine's is closed)
	// and out of the way of a test: no first-run UI, no background work.
	b.cmd = exec.Command(path, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio", "--user-data-dir="+t.TempDir(),
		fmt.Sprintf("--window-size=%d,%d", width, height), "--remote-debugging-pipe", "about:blank")
	b.cmd.ExtraFiles = []*os.File{cmdR, ansW}
	b.cmd.Stderr = &b.stderr
	if err := b.cmd.Start(); err != nil {
		testmain.NeedPeer(t, "Chromium", fmt.Errorf("it does not start: %w", err))
	}
	cmdR.Close()
	ansW.Close()
	go b.read(ansR)
	t.Cleanup(b.close)

	var target struct{ TargetID string }
	b.call(t, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &target)
	var attached struct{ SessionID string }
	b.call(t, "", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached)
	b.session = attached.SessionID
	b.call(t, b.session, "Emulation.setDeviceMetricsOverride",
		map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}, nil)
	b.call(t, b.session, "Page.enable", map[string]any{}, nil)
	b.call(t, b.session, "Page.addScriptToEvaluateOnNewDocument", map[string]any{"source": recordViolationsJS}, nil)
	return b
}

// recordViolationsJS keeps, in every page, what its security policy
// blocked, for wantNoViolations.
const recordViolationsJS = `window.policyViolations = [];
document.addEventListener('securitypolicyviolation', e =>
	window.policyViolations.push(e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber));`

// policyViolations returns what the page's security policy blocked so far.
func (b *browser) policyViolations(t *testing.T) []string {
	t.Helper()
	return value[[]string](t, b, `window.policyViolations || []`)
}

// wantNoViolations fails t if the page's security policy blocked anything:
// the page must work under it.
func wantNoViolations(t *testing.T, b *browser) {
	t.Helper()
	if v := b.policyViolations(t); len(v) > 0 {
		t.Errorf("the page's security policy blocked: %v", v)
	}
}

// read hands each answer to the call waiting for it; events are dropped.
func (b *browser) read(f *os.File) {
	defer f.Close()
	r := bufio.NewReader(f)
	for {
		msg, err := r.ReadBytes(0)
		if err != nil {
			b.mu.Lock()
			b.readErr = err
			for id, ch := range b.waiting {
				close(ch)
				delete(b.waiting, id)
			}
			b.mu.Unlock()
			return
		}
		var m struct {
			ID int `json:"id"`
			cdpReply
		}
		if json.Unmarshal(msg[:len(msg)-1], &m) != nil || m.ID == 0 {
			continue
		}
		b.mu.Lock()
		ch := b.waiting[m.ID]
		delete(b.waiting, m.ID)
		b.mu.Unlock()
		if ch != nil {
			ch <- m.cdpReply
		}
	}
}

// call sends a command (to the page's session, or the browser's with
// session "") and decodes its result into result, failing the test on an
// error.
func (b *browser) call(t *testing.T, session, method string, params any, result any) {
	t.Helper()
	if err := b.try(session, method, params, result); err != nil {
		t.Fatalf("%s: %v\nChromium's stderr:\n%s", method, err, b.stderr.String())
	}
}

func (b *browser) try(session, method string, params any, result any) error {
	b.mu.Lock()
	if b.readErr != nil {
		b.mu.Unlock()
		return fmt.Errorf("the browser is gone: %w", b.readErr)
	}
	b.nextID++
	id := b.nextID
	ch := make(chan cdpReply, 1)
	b.waiting[id] = ch
	b.mu.Unlock()
	msg := map[string]any{"id": id, "method": method, "params": params}
	if session != "" {
		msg["sessionId"] = session
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	if _, err := b.out.Write(append(data, 0)); err != nil {
		return err
	}
	select {
	case reply, ok := <-ch:
		switch {
		case !ok:
			return errors.New("the browser closed the pipe")
		case reply.Error != nil:
			return errors.New(reply.Error.Message)
		case result != nil:
			return json.Unmarshal(reply.Result, result)
		}
		return nil
	case <-time.After(20 * time.Second):
		return errors.New("no answer in 20 s")
	}
}

// close asks Chromium to quit and kills it if it does not.
func (b *browser) close() {
	b.try("", "Browser.close", map[string]any{}, nil)
	b.out.Close()
	done := make(chan struct{})
	go func() { b.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		b.cmd.Process.Kill()
		<-done
	}
}

func (b *browser) navigate(t *testing.T, url string) {
	t.Helper()
	b.call(t, b.session, "Page.navigate", map[string]any{"url": url}, nil)
}

// eval runs a JavaScript expression in the page and decodes its value into
// v (nil to drop it).
func (b *browser) eval(expr string, v any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	if err := b.try(b.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r); err != nil {
		return err
	}
	if r.ExceptionDetails != nil {
		return fmt.Errorf("%s %s", r.ExceptionDetails.Text, r.ExceptionDetails.Exception.Description)
	}
	if v == nil || r.Result.Value == nil {
		return nil
	}
	return json.Unmarshal(r.Result.Value, v)
}

// value returns the value of a JavaScript expression in the page.
func value[T any](t *testing.T, b *browser, expr string) T {
	t.Helper()
	var v T
	if err := b.eval(expr, &v); err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// waitFor waits until a JavaScript expression is true in the page.
func (b *browser) waitFor(t *testing.T, what, expr string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var ok bool
		if err := b.eval(expr, &ok); err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited 10 s for %s (%s)", what, expr)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// centre returns where the middle of the element a JavaScript expression
// returns is in the window, scrolling it into view.
func (b *browser) centre(t *testing.T, what, element string) [2]float64 {
	t.Helper()
	var at []float64
	err := b.eval(`(() => { const e = `+element+`; if (!e) return null;
		e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2]; })()`, &at)
	if err != nil || len(at) != 2 {
		t.Fatalf("%s: no element (%s): %v", what, element, err)
	}
	return [2]float64{at[0], at[1]}
}

// mouse sends a mouse event at a point: the page sees pointer and mouse
// events there, as from a person's hand.
func (b *browser) mouse(t *testing.T, typ string, at [2]float64, buttons int) {
	t.Helper()
	b.call(t, b.session, "Input.dispatchMouseEvent",
		map[string]any{"type": typ, "x": at[0], "y": at[1], "button": "left", "buttons": buttons, "clickCount": 1}, nil)
}

// click clicks the middle of an element.
func (b *browser) click(t *testing.T, what, element string) {
	t.Helper()
	at := b.centre(t, what, element)
	b.mouse(t, "mouseMoved", at, 0)
	b.mouse(t, "mousePressed", at, 1)
	b.mouse(t, "mouseReleased", at, 0)
}

// drag presses the mouse on one element, moves it to another in steps
// and lets go there.
func (b *browser) drag(t *testing.T, what, from, to string) {
	t.Helper()
	a, z := b.centre(t, what, from), b.centre(t, what, to)
	b.mouse(t, "mouseMoved", a, 0)
	b.mouse(t, "mousePressed", a, 1)
	for _, f := range []float64{0.25, 0.5, 0.75, 1} {
		b.mouse(t, "mouseMoved", [2]float64{a[0] + f*(z[0]-a[0]), a[1] + f*(z[1]-a[1])}, 1)
	}
	b.mouse(t, "mouseReleased", z, 0)
}

// screenshot writes the page as a PNG file.
func (b *browser) screenshot(t *testing.T, path string) {
	t.Helper()
	var r struct{ Data string }
	b.call(t, b.session, "Page.captureScreenshot", map[string]any{"format": "png"}, &r)
	png, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}
