// Command gammon is the gammond tool: it lists legal plays, checks match
// records, replays board traces and more. Run "gammon help" for the list.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// Exit statuses shared by the subcommands.
const (
	exitOK       = 0
	exitFindings = 1 // the command ran and found something
	exitUsage    = 2 // bad arguments, an input that cannot be read, or output that could not be written
)

// command is one subcommand: run gets the arguments after its name. Its
// usage is its synopsis and, after three spaces, what it does.
type command struct {
	usage string
	run   func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{
	"calibrate": {calibrateUsage, runCalibrate},
	"analyse":   {analyseUsage, runAnalyse},
	"check":     {checkUsage, runCheck},
	"chouette":  {chouetteUsage, runChouette},
	"export":    {exportUsage, runExport},
	"journal":   {journalUsage, runJournal},
	"moves":     {movesUsage, runMoves},
	"replay":    {replayUsage, runReplay},
	"simulate":  {simulateUsage, runSimulate},
	"td":        {tdUsage, runTD},
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run runs the command args name. Output that cannot be written (a full
// disk, a closed pipe) fails the command: exit 2, whatever it found.
func run(args []string, stdout, stderr io.Writer) int {
	out := &stickyWriter{w: stdout}
	code := runCommand(args, out, stderr)
	if out.err != nil {
		fmt.Fprintf(stderr, "gammon: writing the output: %v\n", out.err)
		return exitUsage
	}
	return code
}

func runCommand(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		usage(stderr)
		return exitUsage
	case args[0] == "-h" || args[0] == "--help" || args[0] == "help" && len(args) == 1:
		usage(stdout)
		return exitOK
	case args[0] == "help":
		// A command's own -h prints its usage and flags: one place says it.
		args = []string{args[1], "-h"}
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "gammon: unknown command %q\n", args[0])
		usage(stderr)
		return exitUsage
	}
	return cmd.run(args[1:], stdout, stderr)
}

// stickyWriter remembers the first error of its writer and fails every
// write after it, so that a command's lost output is noticed once, at the
// end, however many writes it ignored.
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	s.err = err
	return n, err
}

// usage lists the commands, each with what it does.
func usage(w io.Writer) {
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	fmt.Fprintln(w, "usage: gammon COMMAND [arguments]")
	fmt.Fprintln(w)
	for _, name := range names {
		_, what := splitUsage(commands[name].usage)
		fmt.Fprintf(w, "  %-10s %s\n", name, what)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `"gammon help COMMAND" (or "gammon COMMAND -h") prints a command's arguments and every flag.`)
}

// splitUsage splits a command's usage into its synopsis and what it does.
func splitUsage(usage string) (synopsis, what string) {
	synopsis, what, _ = strings.Cut(usage, "   ")
	return synopsis, strings.TrimSpace(what)
}

// argsError ends a command whose arguments parseArgs or the command
// refused. Asked for help (-h, --help), it prints the command's usage and
// every flag on stdout and exits 0; otherwise it names the problem and the
// synopsis on stderr and exits 2.
func argsError(usage string, fs *flag.FlagSet, err error, stdout, stderr io.Writer) int {
	synopsis, what := splitUsage(usage)
	name := commandName(synopsis)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(stdout, "usage: gammon %s\n\n%s\n", synopsis, what)
		if flags := flagList(fs); flags != "" {
			fmt.Fprintf(stdout, "\nflags:\n%s", flags)
		}
		return exitOK
	}
	fmt.Fprintf(stderr, "gammon %s: %v\nusage: gammon %s (\"gammon %s -h\" describes every flag)\n", name, err, synopsis, name)
	return exitUsage
}

// commandName is a synopsis's command words, before its first argument:
// "td broker-config" of "td broker-config --dir DIR ...".
func commandName(synopsis string) string {
	words := strings.Fields(synopsis)
	n := 1
	for n < len(words) && strings.Trim(words[n], "abcdefghijklmnopqrstuvwxyz-") == "" && !strings.HasPrefix(words[n], "-") {
		n++
	}
	return strings.Join(words[:n], " ")
}

// flagList describes every flag of fs as the flag package does, each
// written with two dashes as the usages write them.
func flagList(fs *flag.FlagSet) string {
	var buf bytes.Buffer
	fs.SetOutput(&buf)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	return strings.ReplaceAll("\n"+buf.String(), "\n  -", "\n  --")[1:]
}

// parseArgs parses flags given before, between or after the positional
// arguments, and checks how many positional arguments there are; maxPos
// below 0 sets no limit.
func parseArgs(fs *flag.FlagSet, args []string, minPos, maxPos int) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
	if len(pos) < minPos || maxPos >= 0 && len(pos) > maxPos {
		got := arguments(len(pos))
		if len(pos) > 0 {
			got += ": " + strings.Join(pos, " ")
		}
		return nil, fmt.Errorf("want %s, got %s", argCount(minPos, maxPos), got)
	}
	return pos, nil
}

func argCount(lo, hi int) string {
	switch {
	case lo == hi:
		return arguments(lo)
	case hi < 0:
		return "at least " + arguments(lo)
	}
	return fmt.Sprintf("%d to %d arguments", lo, hi)
}

// arguments counts arguments in words: "1 argument", "2 arguments".
func arguments(n int) string {
	if n == 1 {
		return "1 argument"
	}
	return fmt.Sprintf("%d arguments", n)
}
