package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gammond/record"
	"gammond/record/mat"
)

const checkUsage = "check [--json] [--rules welsh] PATH...   every illegal play, cube action and result in match records (files; directories searched for .mat and .txt, or .welsh)"

// unreadable is the kind --json gives a file that cannot be read.
const unreadable record.Kind = "unreadable"

// report is a finding of one file, as --json prints it.
type report struct {
	File string `json:"file"`
	record.Finding
}

// tally counts the files of a check by what was found in them.
type tally struct {
	files, clean, warned, breached, unreadable int
}

// runCheck replays match records with the engine and prints what it finds:
// exit 0 when all are clean or have warnings only, 1 when it found a
// breach of the rules, 2 when a file cannot be read. It goes on past a bad
// file, and ends a check of several with a summary.
func runCheck(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("check", flag.ContinueOnError)
	asJSON := fset.Bool("json", false, "print a JSON array of reports, each with its file and kind (finding, warning, unreadable)")
	rules := fset.String("rules", "standard", "the records' rules: standard (.mat, the same as us or danish) or welsh (docs/WELSH.md)")
	pos, err := parseArgs(fset, args, 1, -1)
	check, exts := checkFile, matExts
	if err == nil {
		check, exts, err = checkerFor(*rules)
	}
	if err != nil {
		return argsError(checkUsage, fset, err, stdout, stderr)
	}
	files, walkErrs, searched := matchFiles(pos, exts)
	out := newCheckOutput(stdout, stderr, *asJSON, len(files))
	var t tally
	for _, err := range walkErrs {
		t.files++
		t.unreadable++
		out.unreadable("", err)
	}
	for i, file := range files {
		out.progress(i, file)
		findings, err := check(file)
		out.findings(file, findings)
		t.files++
		switch {
		case err != nil:
			t.unreadable++
			out.unreadable(file, err)
		case hasBreach(findings):
			t.breached++
		case len(findings) > 0:
			t.warned++
		default:
			t.clean++
		}
	}
	out.end()
	switch {
	case t.files > 1 || searched:
		t.print(out.summary)
	case t.clean == 1:
		fmt.Fprintf(out.summary, "%s: clean\n", files[0])
	}
	switch {
	case t.unreadable > 0:
		return exitUsage
	case t.breached > 0:
		return exitFindings
	}
	return exitOK
}

// matExts are the extensions of the .mat records a directory is searched for.
var matExts = []string{".mat", ".txt"}

// matchFiles lists the files named and the files under the directories
// named whose extension is one of exts, in lexical order, each once however
// often it is named or found, and the paths it could not read; searched
// says a directory was named.
func matchFiles(paths, exts []string) (files []string, errs []error, searched bool) {
	seen := make(map[string]bool)
	add := func(path string) {
		if key := fileKey(path); !seen[key] {
			seen[key] = true
			files = append(files, path)
		}
	}
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !info.IsDir() {
			add(p)
			continue
		}
		searched = true
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				errs = append(errs, err)
				return nil
			}
			ext := strings.ToLower(filepath.Ext(path))
			if d.Type().IsRegular() && slices.Contains(exts, ext) {
				add(path)
			}
			return nil
		})
		if err != nil {
			errs = append(errs, err)
		}
	}
	return files, errs, searched
}

// fileKey is what names a file however the path reaches it: its absolute
// path with every symbolic link resolved, or the path as given when that
// cannot be found (the check then reports the file).
func fileKey(path string) string {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return path
	}
	if abs, err := filepath.Abs(real); err == nil {
		return abs
	}
	return real
}

// checkFile checks one record a game at a time.
func checkFile(name string) ([]record.Finding, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return record.CheckReader(mat.NewReader(f, name))
}

func hasBreach(findings []record.Finding) bool {
	for _, f := range findings {
		if f.Kind == record.Breach {
			return true
		}
	}
	return false
}

// print writes the summary table.
func (t tally) print(w io.Writer) {
	fmt.Fprintf(w, "%-22s %6d\n", "files read", t.files)
	fmt.Fprintf(w, "%-22s %6d\n", "clean", t.clean)
	fmt.Fprintf(w, "%-22s %6d\n", "with warnings only", t.warned)
	fmt.Fprintf(w, "%-22s %6d\n", "with findings", t.breached)
	fmt.Fprintf(w, "%-22s %6d\n", "unreadable", t.unreadable)
}

// checkOutput prints a check's reports as lines or as one JSON array, and
// its progress on a terminal.
type checkOutput struct {
	stdout, stderr io.Writer
	summary        io.Writer // stdout, or stderr under --json
	json           bool
	reports        int  // JSON reports written
	terminal       bool // stderr is a terminal: show progress
	total          int
}

func newCheckOutput(stdout, stderr io.Writer, asJSON bool, total int) *checkOutput {
	o := &checkOutput{stdout: stdout, stderr: stderr, summary: stdout, json: asJSON, total: total}
	if asJSON {
		o.summary = stderr
		fmt.Fprint(stdout, "[")
	}
	if f, ok := stderr.(*os.File); ok && total > 1 {
		info, err := f.Stat()
		o.terminal = err == nil && info.Mode()&os.ModeCharDevice != 0
	}
	return o
}

// progress shows which file is being checked, on one terminal line.
func (o *checkOutput) progress(i int, file string) {
	if o.terminal {
		fmt.Fprintf(o.stderr, "\r\033[Kchecking %d/%d %s", i+1, o.total, file)
	}
}

// clearProgress erases the progress line before other output.
func (o *checkOutput) clearProgress() {
	if o.terminal {
		fmt.Fprint(o.stderr, "\r\033[K")
	}
}

func (o *checkOutput) findings(file string, findings []record.Finding) {
	if len(findings) > 0 {
		o.clearProgress()
	}
	for _, f := range findings {
		if o.json {
			o.writeJSON(report{file, f})
		} else {
			fmt.Fprintf(o.stdout, "%s: %v\n", file, f)
		}
	}
}

func (o *checkOutput) unreadable(file string, err error) {
	o.clearProgress()
	if o.json {
		o.writeJSON(report{file, record.Finding{Kind: unreadable, Reason: err.Error()}})
	}
	fmt.Fprintf(o.stderr, "gammon check: %v\n", err)
}

func (o *checkOutput) writeJSON(r report) {
	data, _ := json.Marshal(r) // plain data: it cannot fail
	if o.reports > 0 {
		fmt.Fprint(o.stdout, ",")
	}
	fmt.Fprintf(o.stdout, "\n%s", data)
	o.reports++
}

// end closes the JSON array and the progress line.
func (o *checkOutput) end() {
	o.clearProgress()
	if o.json {
		fmt.Fprint(o.stdout, "\n]\n")
	}
}
