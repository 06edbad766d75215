// Package dice is where the board's dice come from: electronic dice rolled
// from crypto/rand, or a Mode saying the players' own dice are entered or
// inferred from the play.
//
// Electronic dice are unbiased: a die is a random byte reduced modulo 6, and
// the bytes 252 to 255, which would favour 1 to 4 (256 = 42·6 + 4), are
// rejected and drawn again. The opening roll is one die each, ties rolled
// again; the side with the higher die opens and plays both numbers.
package dice

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"gammond/engine"
)

// Mode is where a match's dice come from, named in the config file as its
// constants spell it. Decoding takes any name, so that a config file
// reports every problem at once; Validate says whether the name is known.
type Mode string

// The dice modes.
const (
	// Electronic: the board rolls when a side presses ROLL.
	Electronic Mode = "electronic"
	// Entered: the players roll physical dice and the numbers are entered
	// on the web page.
	Entered Mode = "entered"
	// Inferred: nobody tells the board; the referee takes any roll that
	// makes the play legal and flags only plays no roll allows.
	Inferred Mode = "inferred"
)

// Modes are the known modes, in the order error messages list them.
var Modes = []Mode{Electronic, Entered, Inferred}

// Validate reports a Mode that is not one of Modes, in the words of the
// config file's checks: `"loaded": want one of ["electronic" "entered" "inferred"]`.
func (m Mode) Validate() error {
	if slices.Contains(Modes, m) {
		return nil
	}
	return fmt.Errorf("%q: want one of %q", m, Modes)
}

// ParseMode returns the Mode named s, or Validate's error.
func ParseMode(s string) (Mode, error) {
	if err := Mode(s).Validate(); err != nil {
		return "", fmt.Errorf("dice mode %w", err)
	}
	return Mode(s), nil
}

// Bounds on retries: a fair source exceeds either with probability below
// 1e-49, so reaching one means the source is broken.
const (
	maxDraws = 64 // rejected bytes in a row, each 4/256 likely
	maxTies  = 64 // tied opening rolls in a row, each 1/6 likely
)

// ErrSource is wrapped by the error of a roll from a source that looks
// broken: it kept giving rejected bytes or tied openings.
var ErrSource = errors.New("random source looks broken")

// Roller rolls electronic dice. It is safe for concurrent use.
type Roller struct {
	mu sync.Mutex
	r  io.Reader
	b  [1]byte
}

// New returns a Roller drawing bytes from r; nil is crypto/rand.Reader.
func New(r io.Reader) *Roller {
	if r == nil {
		r = rand.Reader
	}
	return &Roller{r: r}
}

// Roll rolls two dice.
func (r *Roller) Roll() (engine.Dice, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var d engine.Dice
	var err error
	for i := range d {
		if d[i], err = r.die(); err != nil {
			return engine.Dice{}, err
		}
	}
	return d, nil
}

// Opening is the game's first roll: one die each, no tie.
type Opening struct {
	Dice [2]int // Dice[engine.White] and Dice[engine.Black], never equal
	Ties int    // tied rolls before this one
}

// Opener is the side with the higher die: it plays both.
func (o Opening) Opener() engine.Side {
	if o.Dice[engine.White] > o.Dice[engine.Black] {
		return engine.White
	}
	return engine.Black
}

// Roll is the opener's roll, its own die first.
func (o Opening) Roll() engine.Dice {
	s := o.Opener()
	return engine.Dice{o.Dice[s], o.Dice[s.Other()]}
}

// Opening rolls one die for each side until they differ.
func (r *Roller) Opening() (Opening, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for ties := 0; ties < maxTies; ties++ {
		w, err := r.die()
		if err != nil {
			return Opening{}, err
		}
		b, err := r.die()
		if err != nil {
			return Opening{}, err
		}
		if w != b {
			return Opening{Dice: [2]int{engine.White: w, engine.Black: b}, Ties: ties}, nil
		}
	}
	return Opening{}, fmt.Errorf("dice: %d tied opening rolls: %w", maxTies, ErrSource)
}

// die draws bytes until one below 252 and reduces it to 1..6.
func (r *Roller) die() (int, error) {
	for range maxDraws {
		if _, err := io.ReadFull(r.r, r.b[:]); err != nil {
			return 0, fmt.Errorf("dice: random source: %w", err)
		}
		if r.b[0] < 252 {
			return int(r.b[0]%6) + 1, nil
		}
	}
	return 0, fmt.Errorf("dice: %d bytes in a row of 252..255: %w", maxDraws, ErrSource)
}
