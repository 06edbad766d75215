// Package buttons reads the board's push buttons through the Linux GPIO
// character device (go-gpiocdev) and turns their edges into what the
// players mean: DONE, CUBE, pass (a long CUBE press) and ROLL.
//
// Each side has three momentary switches to ground on lines with the SoC's
// pull-ups (shared/design/HARDWARE.md): DONE ends the turn and starts the
// opponent's clock; CUBE doubles or, for the side being doubled, takes,
// while held for a second it passes; ROLL rolls the electronic dice. DONE
// pressed while CUBE is held (within that second) offers to resign: a
// single, and each time again one level more; the side offered it accepts
// with CUBE and rejects with CUBE held. Both sides' ROLL held together for
// two seconds (NextMatchHold) asks for the next match, which the board
// starts once the last is over. The
// lines are requested active-low with both edges and kernel debounce, so a
// rising edge is a press and a falling edge a release.
//
// The logic lives in Decoder, which takes gpiocdev.LineEvent values and a
// clock, so tests feed it edges with timestamps and never sleep. Open wires
// a Decoder to the real lines.
package buttons
