// Package analysis has GNU Backgammon (record/gnubg) analyse a match record
// at a given ply and reads back what it says: each player's figures exactly
// as gnubg's "show statistics match" prints them (decisions counted, error
// rates in mEMG per decision, luck, ratings) and the decisions gnubg marks
// as errors and blunders, with the play made and gnubg's best. Nothing here
// evaluates a position: gnubg does.
package analysis

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gammond/record/gnubg"
	"gammond/record/mat"
)

// MaxPlies is the deepest analysis gnubg offers.
const MaxPlies = 7

// Options say how to analyse a match.
type Options struct {
	Gnubg string // the gnubg program; "" finds it with gnubg.Locate
	Plies int    // gnubg's plies for checker play and cube decisions, 0 to MaxPlies
	SGF   string // where to save gnubg's SGF of the analysed match; "" saves none
}

// Report is what gnubg says about one match.
type Report struct {
	File     string    `json:"file"`
	Plies    int       `json:"ply"`
	Players  []Player  `json:"players"`  // in gnubg's order: its statistics' columns
	Mistakes []Mistake `json:"mistakes"` // the errors and blunders, in the order played
	SGF      string    `json:"sgf,omitempty"`
	// Warnings are the lines gnubg said it could not import (it goes on
	// without them, as with another writer's "Losses 1 point"): the
	// figures are of the match as gnubg read it.
	Warnings []string `json:"warnings"`
}

// Mistake is one decision gnubg marks bad (an error) or very bad (a
// blunder).
type Mistake struct {
	Game   int    `json:"game"` // from 1
	Move   int    `json:"move"` // gnubg's move record in the game, from 1
	Player string `json:"player"`
	Kind   string `json:"kind"`  // "checker" or "cube"
	Skill  string `json:"skill"` // gnubg's mark: "bad" or "very bad"
	Dice   string `json:"dice,omitempty"`
	Played string `json:"played"`
	Best   string `json:"best"`
	// Loss is the equity gnubg's best play keeps over the play made
	// (checker play only).
	Loss float64 `json:"loss,omitempty"`
}

// Blunder reports whether gnubg marks the decision very bad.
func (m Mistake) Blunder() bool { return m.Skill == "very bad" }

//go:embed analyse.py
var script []byte

// Analyse has GNU Backgammon analyse the match record in file (a .mat, or
// .txt, in the Jellyfish layout, or gnubg's .sgf) at opts.Plies and
// returns its statistics and marked decisions. ctx ends the gnubg process.
func Analyse(ctx context.Context, file string, opts Options) (*Report, error) {
	if opts.Plies < 0 || opts.Plies > MaxPlies {
		return nil, fmt.Errorf("ply %d: gnubg analyses at 0 to %d plies", opts.Plies, MaxPlies)
	}
	command, name, err := loadCommand(file)
	if err != nil {
		return nil, err
	}
	record, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	if opts.Gnubg == "" {
		if opts.Gnubg, err = gnubg.Locate(); err != nil {
			return nil, err
		}
	}
	dir, err := os.MkdirTemp("", "gammon-analysis-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	// A copy in gnubg's directory, under a name its command line reads
	// whatever the user's path holds (quotes, backslashes).
	copied := filepath.Join(dir, name)
	if err := os.WriteFile(copied, record, 0o644); err != nil {
		return nil, err
	}
	stdout, read, err := run(ctx, opts, dir, command+` "`+copied+`"`)
	if err != nil {
		return nil, err
	}
	messages, _, _ := bytes.Cut(stdout, []byte("\nPlayer ")) // what gnubg said before its statistics
	complaints := gnubg.Complaints(messages)
	if bytes.Contains(messages, []byte(gnubg.NoMatch)) {
		return nil, notRead(file, complaints)
	}
	players, err := ParseStatistics(stdout)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if len(read.Players) == len(players) {
		// The statistics' columns cut a name longer than theirs.
		for i, name := range read.Players {
			players[i].Name = name
		}
	}
	r := &Report{File: file, Plies: opts.Plies, Players: players, Mistakes: read.Mistakes, Warnings: []string{}}
	for l := range strings.Lines(complaints) {
		r.Warnings = append(r.Warnings, strings.TrimSpace(l))
	}
	if opts.SGF != "" {
		if err := copyFile(filepath.Join(dir, "analysed.sgf"), opts.SGF); err != nil {
			return nil, fmt.Errorf("saving gnubg's SGF: %w", err)
		}
		r.SGF = opts.SGF
	}
	return r, nil
}

// loadCommand returns the gnubg command that loads a record in the
// layout of file's extension, and the name it has in gnubg's directory.
func loadCommand(file string) (command, name string, err error) {
	switch strings.ToLower(filepath.Ext(file)) {
	case ".mat", ".txt":
		return "import mat", "match.mat", nil
	case ".sgf":
		return "load match", "match.sgf", nil
	}
	return "", "", fmt.Errorf("%s: not a match record gnubg reads (.mat, .txt or .sgf)", file)
}

// scriptResult is what the script writes: the players' names as gnubg
// keeps them and the decisions it marked.
type scriptResult struct {
	Players  []string
	Mistakes []Mistake
}

// run runs gnubg on the script and returns what it printed and what the
// script wrote.
func run(ctx context.Context, opts Options, dir, load string) (stdout []byte, read scriptResult, err error) {
	params, _ := json.Marshal(map[string]any{
		"load": load, "plies": opts.Plies, "out": filepath.Join(dir, "analysis.json"),
		"sgf": map[bool]string{true: filepath.Join(dir, "analysed.sgf")}[opts.SGF != ""],
	})
	for name, data := range map[string][]byte{"params.json": params, "analyse.py": script} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return nil, read, err
		}
	}
	cmd := gnubg.Command(ctx, opts.Gnubg, dir, "-p", filepath.Join(dir, "analyse.py"))
	cmd.Env = append(cmd.Env, "GAMMON_ANALYSIS="+filepath.Join(dir, "params.json"))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, err = cmd.Output()
	if err != nil {
		if ctx.Err() != nil {
			return nil, read, ctx.Err()
		}
		return nil, read, fmt.Errorf("GNU Backgammon (%s): %v\n%s", opts.Gnubg, err, stderr.String())
	}
	data, err := os.ReadFile(filepath.Join(dir, "analysis.json"))
	if err != nil {
		return nil, read, fmt.Errorf("gnubg wrote no analysis: %v\n%s", err, stderr.String())
	}
	if err := json.Unmarshal(data, &read); err != nil {
		return nil, read, fmt.Errorf("gnubg's analysis: %w", err)
	}
	return stdout, read, nil
}

// notRead says why gnubg read no match from file: for a .mat, the line our
// reader stops at when it stops at one, else gnubg's complaints.
func notRead(file string, complaints string) error {
	if ext := strings.ToLower(filepath.Ext(file)); ext == ".mat" || ext == ".txt" {
		if _, err := mat.ReadFile(file); err != nil {
			return err
		}
	}
	return fmt.Errorf("%s: GNU Backgammon does not read it: %s", file, strings.Join(strings.Fields(complaints), " "))
}

func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}
