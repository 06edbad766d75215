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
	"sync"

	"gammond/engine"
)

// Mode is where a match's dice come from.
type Mode uint8

// The dice modes, named in the config file by their String.
const (
	// Electronic: the board rolls when a side presses ROLL.
	Electronic Mode = iota
	// Entered: the players roll physical dice and the numbers are entered
	// on the web page.
	Entered
	// Inferred: nobody tells the board; the referee takes any roll that
	// makes the play legal and flags only plays no roll allows.
	Inferred
)

var modeNames = [...]string{Electronic: "electronic", Entered: "entered", Inferred: "inferred"}

// String is the Mode's name in the config file.
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}

// ParseMode returns the Mode named s: "electronic", "entered" or
// "inferred".
func ParseMode(s string) (Mode, error) {
	for m, name := range modeNames {
		if s == name {
			return Mode(m), nil
		}
	}
	return 0, fmt.Errorf("dice mode %q: want electronic, entered or inferred", s)
}

// MarshalText writes the Mode's name, for config files.
func (m Mode) MarshalText() ([]byte, error) {
	if int(m) >= len(modeNames) {
		return nil, fmt.Errorf("dice: no mode %d", uint8(m))
	}
	return []byte(m.String()), nil
}

// UnmarshalText reads a Mode's name, for config files.
func (m *Mode) UnmarshalText(b []byte) error {
	v, err := ParseMode(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
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
