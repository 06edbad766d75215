package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"gammond/calib"
	"gammond/check"
	"gammond/sensing/scan"
)

// defaultCalibrationFile is gammond's calibration_file when its config
// sets none.
const defaultCalibrationFile = "/var/lib/gammond/calibration.json"

// boardConfig is what gammon calibrate reads of gammond's config file: the
// board's geometry, how its sensors are wired, and where gammond reads the
// calibration. The file's other sections are gammond's.
type boardConfig struct {
	CalibrationFile string         `toml:"calibration_file"`
	Board           calib.Geometry `toml:"board"`
	Scan            scan.Config    `toml:"scan"`
}

// readBoardConfig reads gammond's config file at path over the defaults
// and checks what it reads, one problem a line, each starting with the
// file's name.
func readBoardConfig(path string) (*boardConfig, error) {
	c := &boardConfig{CalibrationFile: defaultCalibrationFile, Board: calib.ReferenceBoard, Scan: scan.DefaultConfig()}
	if err := check.DecodeFileSections(path, c); err != nil {
		return nil, err
	}
	p := check.New()
	p.AbsPath("calibration_file", c.CalibrationFile)
	c.Board.Check(p.Section("board"))
	c.Scan.Check(p.Section("scan"))
	if err := p.Err(); err != nil {
		return nil, errors.New(path + ": " + strings.ReplaceAll(err.Error(), "\n", "\n"+path+": "))
	}
	return c, nil
}

// configBoard opens the live board gammond's config file at path wires,
// a person setting it up at the console: its file is the config's
// calibration_file.
func configBoard(path string, open openScanner, console io.Reader, w io.Writer) (*liveBoard, error) {
	c, err := readBoardConfig(path)
	if err != nil {
		return nil, err
	}
	s, release, err := open(&c.Scan, c.Board.Sensors())
	if err != nil {
		return nil, fmt.Errorf("the board's sensors: %w", err)
	}
	fmt.Fprintf(w, "calibrating the board %s wires: %d sensors; set each step up by hand and press Enter\n", path, c.Board.Sensors())
	return &liveBoard{scan: s, arrange: consoleArranger(console, w), retry: true, geometry: c.Board, out: c.CalibrationFile, close: release}, nil
}

// consoleArranger asks the person at the console to set the board up,
// and waits for Enter.
func consoleArranger(console io.Reader, w io.Writer) arranger {
	return func(a *calib.Arrangement, problem error) error {
		if problem != nil {
			fmt.Fprint(w, "  mend it, then press Enter: ")
		} else {
			fmt.Fprint(w, "  set the board up so, then press Enter: ")
		}
		if err := readLine(console); err != nil {
			return fmt.Errorf("the console closed before the board was set up as %s: %w", a, err)
		}
		return nil
	}
}

// readLine reads up to the end of a line, a byte at a time: nothing past
// it is taken from the console.
func readLine(r io.Reader) error {
	var b [1]byte
	for {
		n, err := r.Read(b[:])
		if n == 1 && b[0] == '\n' {
			return nil
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				return io.ErrUnexpectedEOF
			}
			return err
		}
	}
}
