// Package segment drives the cube display: a 4-digit 7-segment LED display
// on a Holtek HT16K33 RAM mapping 16*8 LED controller driver, over I2C
// (reference board R1: bus 1, address 0x70, an Adafruit 0.56" 4-digit
// backpack).
//
// Datasheet: https://www.holtek.com/documents/10179/116711/HT16K33v120.pdf
//
// periph.io/x/devices/v3/ht16k33 writes one 16-bit row per I2C transaction,
// forces full brightness and blanks only rows 0-3. This package writes the
// chip's commands itself so that a whole picture goes out in one transaction
// (no half-updated "6-" between "6-3" frames) and every row is cleared.
//
// # Display RAM layout
//
// The HT16K33 has 8 rows (COM0-COM7) of 16 bits at RAM addresses 0x00-0x0F,
// low byte first. Each digit is one row; its segments are ROW0-ROW7: bit 0 is
// segment a (top), then b, c, d, e, f, g (middle) and bit 7 the decimal point
// at the digit's bottom right. The Adafruit backpack puts the digits, left to
// right, on rows 0, 1, 3 and 4, and the colon on row 2; Opts.Digits changes
// that for other boards. Rows that are not digits are kept dark.
//
// # What the board shows
//
//   - The cube value, centred: "2" on the third digit, "64" on the middle
//     two, "128" on the last three, "1024" on all four. A centred cube shows
//     its value (1 at the start of a game) and no decimal point.
//   - The cube's owner: the decimal point at the owner's end of the display
//     (the first digit's point for the left end, the last digit's for the
//     right end; Opts.WhiteEnd says which end faces White).
//   - A dead cube (US rule 5.6: it cannot matter any more) keeps its value and
//     owner and fills the other digits with dashes: "-64-", "--8-". Steady
//     dashes rather than blinking, which would distract the players for the
//     rest of the game.
//   - "CRAW" in the Crawford game, "ILL" after an illegal play, the dice
//     after a roll as " 6-3".
//
// The font (Glyph) has the digits, a blank, '-', and the letters a
// 7-segment display can show: CRAW is C, r, A and an upside-down A for W;
// I is the left bars, so "ILL" cannot be read as "1LL".
package segment
