package main

import (
	"fmt"
	"html/template"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// calibPage is the procedure's progress as a page shows it (--listen):
// every step, the one under way, and what the board said of the last
// attempt at it. Its methods are safe for concurrent use: the procedure
// reports while the page is read.
type calibPage struct {
	mu      sync.Mutex
	steps   []string
	current int    // the step under way; len(steps) once the procedure is over
	note    string // why the step was refused, or how the procedure ended
}

// start records the procedure's steps, the first under way.
func (p *calibPage) start(steps []string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.steps, p.current, p.note = steps, 0, ""
}

// step records step k under way.
func (p *calibPage) step(k int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.current, p.note = k, ""
}

// refused records why the board refused the step under way.
func (p *calibPage) refused(err error) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.note = err.Error()
}

// end records the procedure over, with how it ended.
func (p *calibPage) end(note string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.current, p.note = len(p.steps), note
}

// calibStep is one step as the page lists it.
type calibStep struct {
	Text       string
	Done, Here bool
}

var calibTemplate = template.Must(template.New("calibrate").Parse(`<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="1">
<title>gammon calibrate</title>
<style>body{font-family:sans-serif;margin:2em}li.done{color:#888}li.here{font-weight:bold}p.note{color:#a00}</style>
</head><body>
<h1>Calibrating the board</h1>
<p>{{if lt .Current .Total}}Step {{.Number}} of {{.Total}}: set the board up as it says (at the console, press Enter once it is).{{else}}The procedure is over.{{end}}</p>
<ol>{{range .Steps}}<li class="{{if .Done}}done{{else if .Here}}here{{end}}">{{.Text}}{{if .Done}} ✓{{end}}</li>{{end}}</ol>
{{with .Note}}<p class="note">{{.}}</p>{{end}}
</body></html>
`))

// ServeHTTP shows the steps, the one under way, and the last note.
func (p *calibPage) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/" {
		http.NotFound(w, r)
		return
	}
	p.mu.Lock()
	data := struct {
		Steps                  []calibStep
		Current, Number, Total int
		Note                   string
	}{Current: p.current, Number: p.current + 1, Total: len(p.steps), Note: p.note}
	for k, s := range p.steps {
		data.Steps = append(data.Steps, calibStep{Text: s, Done: k < p.current, Here: k == p.current})
	}
	p.mu.Unlock()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := calibTemplate.Execute(w, data); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// servePage serves the page on addr until the returned function stops it,
// and says at w where it is.
func servePage(p *calibPage, addr string, w io.Writer) (func(), error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--listen %s: %w", addr, err)
	}
	srv := &http.Server{Handler: p, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(l)
	fmt.Fprintf(w, "the procedure's page: http://%s/\n", l.Addr())
	return func() { srv.Close() }, nil
}
