// Package mux drives the select lines of CD74HC4067 analog multiplexers
// through the Linux GPIO character device (go-gpiocdev), and finds GPIO
// lines by chip label and line name.
//
// The CD74HC4067 (Texas Instruments, "CD74HC4067, CD74HCT4067 High-Speed
// CMOS Logic 16-Channel Analog Multiplexer/Demultiplexer", SCHS209) connects
// its common pin to channel S3·8+S2·4+S1·2+S0 while its enable input is low.
// Every multiplexer of a board shares the four select lines, so one Dev
// drives them all: the four lines are one request and each Select is one
// SetValues, a single ioctl, so no multiplexer ever sees a half-changed
// address for longer than the kernel takes to write one register.
//
// # Datasheet
//
// https://www.ti.com/lit/ds/symlink/cd74hc4067.pdf
//
// # Finding lines
//
// gpiochip numbers are not stable: a Raspberry Pi 5 had its header on
// gpiochip4 before kernel 6.6.45 and on gpiochip0 after. Pins therefore
// names the chip by label ("pinctrl-rp1", "pinctrl-bcm2711",
// "pinctrl-bcm2835") and the lines by the device tree's names ("GPIO5"),
// with a device name and offsets as the fallback for boards without them.
package mux
