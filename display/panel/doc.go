// Package panel decides what the board's indicators show and drives them:
// the 26 point and bar LEDs (display/leds), the cube display
// (display/segment) and the optional OLED (display/oled). It subscribes to
// the referee: Recent remembers what the latest events leave to show,
// Compute maps the referee's Status, those events, sensor faults, the clocks
// and hints to a State, and a Panel writes a State to the hardware, only
// what changed, blinking the LEDs from Tick.
//
// Compute is the one mapping from the match to the indicators; everything
// the players see is decided there and tested there.
//
// # The LEDs
//
// Each LED shows one thing, the first of these that applies to it:
//
//   - magenta, steady: a sensor of this point or bar half is faulty
//     (sensing/health's findings). Anything else the LED would say may rest on
//     that sensor's readings, so the fault wins.
//   - red, blinking: an illegal play waits for correction (the referee's
//     Flagged points). Blinking is kept for this alone: act now. A player
//     who cannot tell red from green still sees the blinking.
//   - amber: the set-up before a game is wrong on this point.
//   - blue: hint mode, while the side on roll plays: a lifted checker may
//     land here (see Hints).
//   - soft green: the last play moved checkers here (points a checker left,
//     landed on or was hit from, bar halves a checker entered from or was
//     hit to), until the next roll or the end of the game.
//   - dim white, on a bar half: that side is to act (roll or double, play,
//     or answer a double).
//
// Otherwise an LED is dark. Where the referee names the bar (BarPoint)
// without saying whose half, both bar halves light.
//
// # The cube display
//
//   - setting up: "SET" while the set-up is wrong, else the next game's
//     cube, "1" in the middle;
//   - before a roll: the cube value with the owner's decimal point at the
//     owner's end, dashes around it if it is dead; "CRAW" in the Crawford
//     game (its cube is always centred);
//   - a double offered: the offered value, blinking, until take or pass;
//   - while the side on roll plays: the dice, " 6-3", for the whole turn:
//     with electronic dice this is the only place the roll shows;
//   - an illegal play flagged: "ILL", blinking; once the board shows a
//     legal play again, "DONE", steady, until the mover presses it;
//   - the match over: "END".
//
// # The OLED
//
// Names, scores and clocks (oled.Screen), the match length and CRAWFORD
// during the Crawford game, and the last event's message: "ILLEGAL 13 8"
// for an illegal play, "SET UP 12 17" for a wrong set-up, the event's
// Summary text otherwise. The side to act has a '-' before its name: the
// screen has no other place to say it.
//
// In a chouette the names are the box's and the acting captain's, and
// lines 3 to 6 hold every member's score by rank (eight at most, then how
// many more), each name after a mark: '?' yet to answer a double (the call
// to act wins), 'X' passed the box's double and out of this game, else
// the post: 'B' box, 'C' captain, 'P' the box's partner, 'N' a newcomer
// from the next game, none for a partner.
package panel
