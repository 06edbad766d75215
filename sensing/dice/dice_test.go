package dice

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"testing"

	"gammond/engine"
)

func TestParseMode(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want Mode
		err  bool
	}{
		{"electronic", Electronic, false},
		{"entered", Entered, false},
		{"inferred", Inferred, false},
		{"", "", true},
		{"Electronic", "", true},
		{"physical", "", true},
	} {
		t.Run(tc.s, func(t *testing.T) {
			m, err := ParseMode(tc.s)
			if (err != nil) != tc.err || m != tc.want {
				t.Fatalf("ParseMode(%q) = %q, %v", tc.s, m, err)
			}
		})
	}
}

func TestModeErrors(t *testing.T) {
	want := `"loaded": want one of ["electronic" "entered" "inferred"]`
	if err := Mode("loaded").Validate(); err == nil || err.Error() != want {
		t.Errorf("Validate(loaded) = %v, want %s", err, want)
	}
	if _, err := ParseMode("loaded"); err == nil || err.Error() != "dice mode "+want {
		t.Errorf("ParseMode(loaded) = %v, want dice mode %s", err, want)
	}
}

// Every byte below 252 maps to a face; 252..255 are drawn again.
func TestDie(t *testing.T) {
	for _, tc := range []struct {
		name  string
		bytes []byte
		want  int
		used  int
	}{
		{"0 is 1", []byte{0}, 1, 1},
		{"5 is 6", []byte{5}, 6, 1},
		{"6 is 1", []byte{6}, 1, 1},
		{"251 is 6", []byte{251}, 6, 1},
		{"252 rejected", []byte{252, 3}, 4, 2},
		{"252..255 rejected", []byte{252, 253, 254, 255, 0x80}, 3, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := bytes.NewReader(append(tc.bytes, 0xAA))
			d, err := New(src).die()
			if err != nil {
				t.Fatal(err)
			}
			if d != tc.want {
				t.Errorf("die from % x = %d, want %d", tc.bytes, d, tc.want)
			}
			if used := int(src.Size()) - src.Len(); used != tc.used {
				t.Errorf("used %d bytes, want %d", used, tc.used)
			}
		})
	}
}

// cycle gives 0, 1, ..., 255, 0, 1, ... for ever.
type cycle struct{ next byte }

func (c *cycle) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = c.next
		c.next++
	}
	return len(p), nil
}

// Over whole cycles of the 256 byte values every face comes up exactly 42
// times a cycle: the rejection removes the bias exactly.
func TestDieExactlyUniform(t *testing.T) {
	r := New(&cycle{})
	var n [7]int
	for range 42 * 6 * 100 { // 100 cycles of the 252 accepted bytes
		d, err := r.die()
		if err != nil {
			t.Fatal(err)
		}
		n[d]++
	}
	for face := 1; face <= 6; face++ {
		if n[face] != 4200 {
			t.Errorf("face %d came up %d times, want 4200 (counts %v)", face, n[face], n[1:])
		}
	}
}

// A seeded ChaCha8 stream stands in for crypto/rand: a chi-square test at
// a deterministic seed, far from the 0.1% critical value (20.5, 5 degrees
// of freedom) a biased reduction would reach.
func TestRollDistribution(t *testing.T) {
	r := New(rand.NewChaCha8([32]byte{'g', 'a', 'm', 'm', 'o', 'n'}))
	const rolls = 30000
	var n [7]int
	for range rolls {
		d, err := r.Roll()
		if err != nil {
			t.Fatal(err)
		}
		if !d.Valid() {
			t.Fatalf("roll %v", d)
		}
		n[d[0]]++
		n[d[1]]++
	}
	expected := float64(2*rolls) / 6
	chi2 := 0.0
	for _, c := range n[1:] {
		chi2 += (float64(c) - expected) * (float64(c) - expected) / expected
	}
	if chi2 > 20.5 {
		t.Errorf("chi-square %.1f over 6 faces (counts %v), want <= 20.5", chi2, n[1:])
	}
}

func TestRoll(t *testing.T) {
	d, err := New(bytes.NewReader([]byte{2, 254, 4})).Roll()
	if err != nil || d != (engine.Dice{3, 5}) {
		t.Errorf("Roll = %v, %v, want 35", d, err)
	}
}

func TestOpening(t *testing.T) {
	for _, tc := range []struct {
		name   string
		bytes  []byte
		dice   [2]int
		ties   int
		opener engine.Side
		roll   engine.Dice
	}{
		{"white opens", []byte{5, 1}, [2]int{6, 2}, 0, engine.White, engine.Dice{6, 2}},
		{"black opens", []byte{0, 3}, [2]int{1, 4}, 0, engine.Black, engine.Dice{4, 1}},
		{"ties re-rolled", []byte{0, 0, 3, 3, 2, 4}, [2]int{3, 5}, 2, engine.Black, engine.Dice{5, 3}},
		{"a rejected byte, then a tie", []byte{255, 1, 7, 4, 3}, [2]int{5, 4}, 1, engine.White, engine.Dice{5, 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, err := New(bytes.NewReader(tc.bytes)).Opening()
			if err != nil {
				t.Fatal(err)
			}
			if o.Dice != tc.dice || o.Ties != tc.ties {
				t.Errorf("Opening = %+v, want dice %v after %d ties", o, tc.dice, tc.ties)
			}
			if o.Opener() != tc.opener || o.Roll() != tc.roll {
				t.Errorf("opener %v plays %v, want %v plays %v", o.Opener(), o.Roll(), tc.opener, tc.roll)
			}
		})
	}
}

// Openings are never ties, each side opens about half the time, and every
// one of the 30 non-double rolls occurs.
func TestOpeningDistribution(t *testing.T) {
	r := New(rand.NewChaCha8([32]byte{'o', 'p', 'e', 'n'}))
	var opens [2]int
	seen := map[engine.Dice]bool{}
	for range 6000 {
		o, err := r.Opening()
		if err != nil {
			t.Fatal(err)
		}
		if o.Dice[0] == o.Dice[1] {
			t.Fatalf("tied opening %+v", o)
		}
		opens[o.Opener()]++
		seen[engine.Dice{o.Dice[0], o.Dice[1]}] = true
	}
	if opens[0] < 2800 || opens[1] < 2800 {
		t.Errorf("White opened %d times, Black %d, of 6000", opens[0], opens[1])
	}
	if len(seen) != 30 {
		t.Errorf("%d different opening rolls, want 30", len(seen))
	}
}

// repeat gives the same byte for ever.
type repeat byte

func (b repeat) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(b)
	}
	return len(p), nil
}

func TestBrokenSources(t *testing.T) {
	for _, tc := range []struct {
		name    string
		src     io.Reader
		opening bool
		is      error
		msg     string
	}{
		{"only rejected bytes", repeat(0xFF), false, ErrSource, "dice: 64 bytes in a row of 252..255: random source looks broken"},
		{"endless ties", repeat(0), true, ErrSource, "dice: 64 tied opening rolls: random source looks broken"},
		{"source ends", bytes.NewReader([]byte{1}), false, io.EOF, "dice: random source: EOF"},
		{"source ends in an opening", bytes.NewReader([]byte{1}), true, io.EOF, "dice: random source: EOF"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := New(tc.src)
			var err error
			if tc.opening {
				_, err = r.Opening()
			} else {
				_, err = r.Roll()
			}
			if !errors.Is(err, tc.is) || err.Error() != tc.msg {
				t.Errorf("error %v, want %q", err, tc.msg)
			}
		})
	}
}

// crypto/rand gives valid dice.
func TestCryptoRand(t *testing.T) {
	r := New(nil)
	for range 100 {
		if d, err := r.Roll(); err != nil || !d.Valid() {
			t.Fatalf("Roll = %v, %v", d, err)
		}
	}
}
