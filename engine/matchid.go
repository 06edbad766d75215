package engine

import (
	"encoding/base64"
	"errors"
	"fmt"
)

// CubeOwner is who holds the doubling cube.
type CubeOwner uint8

// The places of the cube.
const (
	CubeCentred CubeOwner = iota // in the middle: either side may double
	CubeWhite                    // White took it: only White may double
	CubeBlack                    // Black took it: only Black may double
)

// String names the owner: "centred", "White" or "Black".
func (o CubeOwner) String() string {
	switch o {
	case CubeCentred:
		return "centred"
	case CubeWhite:
		return "White"
	case CubeBlack:
		return "Black"
	}
	return fmt.Sprintf("CubeOwner(%d)", uint8(o))
}

// cubeOwnedBy is the CubeOwner of a cube s holds.
func cubeOwnedBy(s Side) CubeOwner { return CubeWhite + CubeOwner(s) }

// GameState is where a game stands, as gnubg's match ID tells it.
type GameState uint8

// The states of a game.
const (
	GameNotStarted GameState = iota // before the opening roll
	GamePlaying                     // checkers and cube in play
	GameOver                        // a side bore off all its checkers
	GameResigned                    // a side accepted a resignation
	GameDropped                     // a side passed a double
)

// Resignation is what a resigning side offers to give up.
type Resignation uint8

// The resignations, by the game value given up.
const (
	NoResignation Resignation = iota
	ResignSingle
	ResignGammon
	ResignBackgammon
)

// MatchKey is the state of a match that gnubg's match ID carries. Sides are
// gnubg's players: White is player 0, Black player 1.
//
// The key is gnubg's extended one (USE_EXTENDEDMATCHID, as Debian builds
// gnubg 1.07): one more bit after the score says the Jacoby rule is off. A
// key from before the extension lacks it, so it reads as Jacoby.
type MatchKey struct {
	Cube      int // the cube's value: 1, 2, 4, ... up to 32768
	CubeOwner CubeOwner
	OnRoll    Side // the side on roll or that has rolled: the dice are its
	Crawford  bool // this game is the Crawford game
	State     GameState
	// Turn is the side to act: OnRoll, or the side answering a double or
	// a resignation.
	Turn        Side
	Doubled     bool        // a double is offered, Turn to take or pass
	Resigned    Resignation // offered by the opponent of Turn
	Dice        Dice        // the roll, higher die first; zero before the dice are thrown
	MatchLength int         // points to win; 0 for money play
	Score       [2]int      // points won, by Side
	Jacoby      bool        // money play: gammons count only once the cube is turned
}

// ErrMatchID is wrapped by every error of ParseMatchID.
var ErrMatchID = errors.New("bad match ID")

// maxMatchLength is the longest match gnubg plays (MAXSCORE in gnubg).
const maxMatchLength = 64

// The match key's fields: the first bit and the width of each, packed from
// the least significant bit of the first of nine bytes (gnubg's matchid.c).
var (
	keyCube        = keyField{0, 4} // log2 of the value
	keyCubeOwner   = keyField{4, 2} // 0 White, 1 Black, 3 centred
	keyOnRoll      = keyField{6, 1}
	keyCrawford    = keyField{7, 1}
	keyState       = keyField{8, 3}
	keyTurn        = keyField{11, 1}
	keyDoubled     = keyField{12, 1}
	keyResigned    = keyField{13, 2}
	keyDie1        = keyField{15, 3}
	keyDie2        = keyField{18, 3}
	keyMatchLength = keyField{21, 15}
	keyScore0      = keyField{36, 15}
	keyScore1      = keyField{51, 15}
	keyNoJacoby    = keyField{66, 1}
	keyUnused      = keyField{67, 5} // the rest of the ninth byte
)

const centredBits = 3 // keyCubeOwner of a centred cube

type keyField struct{ first, width int }

// matchKeyBits are the nine bytes of a match key.
type matchKeyBits [9]byte

// put sets field f to the low bits of v; the field's bits start clear.
func (b *matchKeyBits) put(f keyField, v int) {
	for i := range f.width {
		if v>>i&1 != 0 {
			bit := f.first + i
			b[bit>>3] |= 1 << (bit & 7)
		}
	}
}

// get reads field f.
func (b *matchKeyBits) get(f keyField) int {
	v := 0
	for i := range f.width {
		bit := f.first + i
		v |= int(b[bit>>3]>>(bit&7)&1) << i
	}
	return v
}

// MatchID returns gnubg's match ID of the key: its nine bytes in base64,
// 12 characters. As in gnubg, the higher die goes first, a cube that is not
// a power of two counts as the next one up (32768 at most) and a number too
// wide for its field keeps its low bits; ParseMatchID reads only keys in
// range.
func (k MatchKey) MatchID() string {
	var b matchKeyBits
	b.put(keyCube, log2Cube(k.Cube))
	owner := centredBits
	if k.CubeOwner != CubeCentred {
		owner = int(k.CubeOwner - CubeWhite)
	}
	b.put(keyCubeOwner, owner)
	b.put(keyOnRoll, int(k.OnRoll))
	b.put(keyCrawford, boolBit(k.Crawford))
	b.put(keyState, int(k.State))
	b.put(keyTurn, int(k.Turn))
	b.put(keyDoubled, boolBit(k.Doubled))
	b.put(keyResigned, int(k.Resigned))
	b.put(keyDie1, max(k.Dice[0], k.Dice[1]))
	b.put(keyDie2, min(k.Dice[0], k.Dice[1]))
	b.put(keyMatchLength, k.MatchLength)
	b.put(keyScore0, k.Score[White])
	b.put(keyScore1, k.Score[Black])
	b.put(keyNoJacoby, boolBit(!k.Jacoby))
	return base64.StdEncoding.EncodeToString(b[:])
}

// ParseMatchID returns the match key a gnubg match ID stands for, the
// higher die first. It rejects what gnubg cannot have written: a cube owner
// of binary 10, a game state past 4, a die over 6 or one die without the
// other, a match longer than 64 points, a score over the match length, a
// Crawford game in money play, bits set past the last field.
func ParseMatchID(id string) (MatchKey, error) {
	var b matchKeyBits
	if len(id) != 12 {
		return MatchKey{}, fmt.Errorf("%w %q: %d characters, want 12", ErrMatchID, id, len(id))
	}
	if _, err := base64.StdEncoding.Strict().Decode(b[:], []byte(id)); err != nil {
		return MatchKey{}, fmt.Errorf("%w %q: not base64", ErrMatchID, id)
	}
	k := MatchKey{
		Cube:        1 << b.get(keyCube),
		CubeOwner:   CubeCentred,
		OnRoll:      Side(b.get(keyOnRoll)),
		Crawford:    b.get(keyCrawford) == 1,
		State:       GameState(b.get(keyState)),
		Turn:        Side(b.get(keyTurn)),
		Doubled:     b.get(keyDoubled) == 1,
		Resigned:    Resignation(b.get(keyResigned)),
		Dice:        Dice{b.get(keyDie1), b.get(keyDie2)},
		MatchLength: b.get(keyMatchLength),
		Score:       [2]int{b.get(keyScore0), b.get(keyScore1)},
		Jacoby:      b.get(keyNoJacoby) == 0,
	}
	if k.Dice[0] < k.Dice[1] {
		k.Dice[0], k.Dice[1] = k.Dice[1], k.Dice[0] // as rolled: older gnubg wrote them so
	}
	owner := b.get(keyCubeOwner)
	if owner < centredBits {
		k.CubeOwner = cubeOwnedBy(Side(owner))
	}
	if err := k.check(owner, b.get(keyUnused)); err != nil {
		return MatchKey{}, fmt.Errorf("%w %q: %w", ErrMatchID, id, err)
	}
	return k, nil
}

// check reports a key gnubg cannot have written.
func (k *MatchKey) check(ownerBits, unused int) error {
	switch {
	case ownerBits == 2:
		return errors.New("cube owner bits 10")
	case k.State > GameDropped:
		return fmt.Errorf("game state %d", k.State)
	case k.Dice != Dice{} && !k.Dice.Valid():
		return fmt.Errorf("dice %d and %d", k.Dice[0], k.Dice[1])
	case k.MatchLength > maxMatchLength:
		return fmt.Errorf("%d-point match, longer than %d", k.MatchLength, maxMatchLength)
	case k.MatchLength > 0 && max(k.Score[White], k.Score[Black]) > k.MatchLength:
		return fmt.Errorf("score %d-%d in a %d-point match", k.Score[White], k.Score[Black], k.MatchLength)
	case k.MatchLength == 0 && k.Crawford:
		return errors.New("Crawford game in money play")
	case unused != 0:
		return errors.New("bits set past the Jacoby bit")
	}
	return nil
}

// log2Cube is gnubg's LogCube: the power of two of the smallest cube
// worth at least n.
func log2Cube(n int) int {
	i := 0
	for i < 15 && 1<<i < n {
		i++
	}
	return i
}

// boolBit is 1 for true, 0 for false.
func boolBit(b bool) int {
	if b {
		return 1
	}
	return 0
}
