package main

import (
	"fmt"
	"regexp"

	"gammond/board"
	"gammond/calib"
	"gammond/check"
	"gammond/display/leds"
	"gammond/display/oled"
	"gammond/display/segment"
	"gammond/record/analysis"
	"gammond/referee"
	"gammond/sensing/buttons"
	"gammond/sensing/scan"
	"gammond/web"
	"gammond/web/mqtt"
)

// Config is the daemon's configuration, read from a TOML file. Every key and
// its default is documented in systemd/gammond.toml; the defaults are
// reference board R1 (docs/HARDWARE.md). Each section, its defaults and
// its checks belong to the package that uses it.
type Config struct {
	BoardID         string `toml:"board_id"`         // Names the board in records and MQTT topics.
	StateDir        string `toml:"state_dir"`        // Journal and match records.
	CalibrationFile string `toml:"calibration_file"` // Per-sensor calibration.

	Board   calib.Geometry    `toml:"board"`
	Scan    scan.Config       `toml:"scan"`
	Referee referee.Config    `toml:"referee"`
	Trace   board.TraceConfig `toml:"trace"`
	Buttons buttons.Config    `toml:"buttons"`
	LEDs    leds.Config       `toml:"leds"`
	Display segment.Config    `toml:"display"`
	OLED    oled.Config       `toml:"oled"`
	Match   board.MatchConfig `toml:"match"`
	Web     web.Config        `toml:"web"`
	MQTT    mqtt.Config       `toml:"mqtt"`

	Analysis analysis.Config `toml:"analysis"`
}

// DefaultConfig returns reference board R1's configuration.
func DefaultConfig() Config {
	return Config{
		BoardID:         "board1",
		StateDir:        "/var/lib/gammond",
		CalibrationFile: "/var/lib/gammond/calibration.json",
		Board:           calib.ReferenceBoard,
		Scan:            scan.DefaultConfig(),
		Referee:         referee.DefaultConfig(),
		Trace:           board.DefaultTraceConfig(),
		Buttons:         buttons.DefaultConfig(),
		LEDs:            leds.DefaultConfig(),
		Display:         segment.DefaultConfig(),
		OLED:            oled.DefaultConfig(),
		Match:           board.DefaultMatchConfig(),
		Web:             web.DefaultConfig(),
		Analysis:        analysis.DefaultConfig(),
	}
}

// Load reads the config file at path over the defaults and validates it.
// Keys the file does not set keep their defaults; unknown keys are an error.
func Load(path string) (Config, error) {
	c := DefaultConfig()
	if err := check.DecodeFile(path, &c); err != nil {
		return Config{}, err
	}
	if err := c.Validate(); err != nil {
		// One problem a line, each with the file and line, as compilers print them.
		return Config{}, check.InFile(path, err)
	}
	return c, nil
}

// Validate reports every setting that is out of range or inconsistent, one
// line each, starting with the key: the one validation the daemon and
// gammond -check-config both run.
func (c *Config) Validate() error {
	p := check.New()
	p.Check("board_id", boardID.MatchString(c.BoardID), "%q: want 1 to 64 letters, digits, '.', '_' or '-'", c.BoardID)
	p.AbsPath("state_dir", c.StateDir)
	p.AbsPath("calibration_file", c.CalibrationFile)
	c.Board.Check(p.Section("board"))
	c.Scan.Check(p.Section("scan"))
	c.Referee.Check(p.Section("referee"))
	c.Trace.Check(p.Section("trace"))
	c.Buttons.Check(p.Section("buttons"), c.Scan.MuxLines)
	c.LEDs.Check(p.Section("leds"), c.Scan.ADCPorts)
	c.Display.Check(p.Section("display"))
	c.OLED.Check(p.Section("oled"))
	c.Match.Check(p.Section("match"))
	c.Web.Check(p.Section("web"))
	c.MQTT.Check(p.Section("mqtt"))
	c.Analysis.Check(p.Section("analysis"))
	return p.Err()
}

// RetiredKeys names the keys the daemon no longer reads, and why
// (check.Retirer): an old config that sets one is refused with the
// reason.
func (c *Config) RetiredKeys() map[string]string {
	return map[string]string{
		"scan.settle":   fmt.Sprintf("the board settles once every reading holds still within its noise for the sensor model's settle window (%v)", calib.SettleWindow),
		"referee.judge": "the sensor model judges every play (docs/SENSING.md)",
	}
}

var boardID = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)
