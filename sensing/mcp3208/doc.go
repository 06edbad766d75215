// Package mcp3208 reads the Microchip MCP3208, an 8-channel 12-bit
// successive-approximation ADC with an SPI interface, through a periph.io SPI
// port.
//
// A single-ended conversion is one 3-byte full-duplex transfer (datasheet
// figure 6-1, "SPI communication with the MCP3204/3208 using 8-bit
// segments", mode 0,0):
//
//	MOSI  0000 01 SGL=1 D2 | D1 D0 xxxxxx | xxxxxxxx
//	MISO  ???? ???????     | ??? 0 B11..B8 | B7..B0
//
// so channel ch is written as 0x06|(ch>>2), (ch&3)<<6, 0x00 and the reading
// is the low 4 bits of the second byte and all of the third. Every conversion
// needs its own chip-select pulse: the falling edge of CS starts it.
//
// # Datasheet
//
// MCP3204/3208 "2.7V 4-Channel/8-Channel 12-Bit A/D Converters with SPI
// Serial Interface", Microchip DS21298:
// https://www.microchip.com/en-us/product/MCP3208
package mcp3208
