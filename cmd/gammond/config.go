package main

import (
	"errors"
	"fmt"
	"math"
	"net"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"

	"gammond/referee"
)

// Config is the daemon's configuration, read from a TOML file. Every key and
// its default is documented in systemd/gammond.toml; the defaults are
// reference board R1 (shared/design/HARDWARE.md).
type Config struct {
	BoardID         string `toml:"board_id"`         // Names the board in records and MQTT topics.
	StateDir        string `toml:"state_dir"`        // Journal and match records.
	CalibrationFile string `toml:"calibration_file"` // Per-sensor calibration.

	Board   Board   `toml:"board"`
	Scan    Scan    `toml:"scan"`
	Referee Referee `toml:"referee"`
	Trace   Trace   `toml:"trace"`
	Buttons Buttons `toml:"buttons"`
	LEDs    LEDs    `toml:"leds"`
	Display Display `toml:"display"`
	OLED    OLED    `toml:"oled"`
	Match   Match   `toml:"match"`
	Web     Web     `toml:"web"`
	MQTT    MQTT    `toml:"mqtt"`
}

// Board is the sensor geometry (shared/design/TRACE.md "board").
type Board struct {
	Points   int `toml:"points"`
	Slots    int `toml:"slots"`     // Sensed slots per point.
	BarSlots int `toml:"bar_slots"` // Sensed slots per bar half.
	ADCBits  int `toml:"adc_bits"`
}

// Scan is how the sensors are read.
type Scan struct {
	Rate     int           `toml:"rate"`      // Frames per second.
	Settle   time.Duration `toml:"settle"`    // How long an occupancy holds still before it counts.
	GPIOChip string        `toml:"gpio_chip"` // Name (gpiochip0) or label (pinctrl-bcm2711).
	MuxLines []Line        `toml:"mux_lines"` // Multiplexer select lines S0-S3.
	ADCPorts []string      `toml:"adc_ports"` // One SPI port per MCP3208.
	ADCHz    int           `toml:"adc_hz"`
}

// Referee is how the referee judges.
type Referee struct {
	// DoneGrace is how long a DONE that finds a checker still in the hand
	// waits for it to land before the play is judged.
	DoneGrace time.Duration `toml:"done_grace"`
}

// Trace is the board's own trace of each match (what its sensors read,
// which buttons were pressed), kept beside the match's record.
type Trace struct {
	// LimitMB bounds the disk every trace of the state directory takes, in
	// MiB; the oldest are removed first. 0 keeps none.
	LimitMB int64 `toml:"limit_mb"`
}

// limit returns the limit in bytes.
func (t *Trace) limit() int64 { return t.LimitMB << 20 }

// Buttons are the players' push buttons, on Scan.GPIOChip.
type Buttons struct {
	Debounce  time.Duration `toml:"debounce"`
	LongPress time.Duration `toml:"long_press"` // A CUBE press this long passes.
	White     SideButtons   `toml:"white"`
	Black     SideButtons   `toml:"black"`
}

// SideButtons are one side's button lines.
type SideButtons struct {
	Done Line `toml:"done"`
	Cube Line `toml:"cube"`
	Roll Line `toml:"roll"`
}

// LEDs is the point LED strip.
type LEDs struct {
	Kind       string `toml:"kind"` // LEDsAPA102 or LEDsWS2812.
	Port       string `toml:"port"` // SPI port.
	Count      int    `toml:"count"`
	Brightness int    `toml:"brightness"` // 0-255, scales every colour.
	Hints      bool   `toml:"hints"`      // Light where a lifted checker may land: a trainer's aid, off in tournaments.
}

// Display is the HT16K33 cube display.
type Display struct {
	Bus        string `toml:"bus"` // I2C bus name, as periph's i2creg.Open takes it.
	Address    int    `toml:"address"`
	Digits     []int  `toml:"digits"`     // RAM rows of the 4 digits, left to right.
	Brightness int    `toml:"brightness"` // 0-15.
	WhiteEnd   string `toml:"white_end"`  // "left" or "right".
}

// OLED is the optional SSD1306 screen.
type OLED struct {
	Enabled bool   `toml:"enabled"`
	Bus     string `toml:"bus"`
	Address int    `toml:"address"`
}

// Match is what is played and under which rules.
type Match struct {
	Rules      string        `toml:"rules"`
	Dice       string        `toml:"dice"`
	Clock      string        `toml:"clock"`
	ClockDelay time.Duration `toml:"clock_delay"` // 0: the clock rules' delay.
	Length     int           `toml:"length"`      // Points; 0 is money play.
	White      string        `toml:"white"`
	Black      string        `toml:"black"`
}

// Web is the live page and the director's API.
type Web struct {
	Listen        string `toml:"listen"`
	DirectorToken string `toml:"director_token"` // Empty: director actions are off.
}

// MQTT publishes the match to the director's desk.
type MQTT struct {
	Broker string `toml:"broker"` // Empty: no MQTT.
}

// Allowed values of the string settings.
const (
	LEDsAPA102 = "apa102"
	LEDsWS2812 = "ws2812"

	RulesUS     = "us"
	RulesDanish = "danish"

	DiceElectronic = "electronic" // The board rolls (ROLL button).
	DiceEntered    = "entered"    // Physical dice, entered on the web page.
	DiceInferred   = "inferred"   // Any roll that makes the play legal.

	ClockNone      = "none"
	ClockUS        = "us"
	ClockUSDoubles = "us-doubles"
	ClockDanish    = "danish"
)

// Line is a GPIO line, by offset on its chip or by name. Validate finds a
// line used twice only when both uses spell it the same way.
type Line struct {
	Offset int
	Name   string // Set for a line given by name; Offset is then unused.
}

// UnmarshalTOML takes an integer (offset) or a string (line name).
func (l *Line) UnmarshalTOML(v any) error {
	switch v := v.(type) {
	case int64:
		if v < 0 || v > math.MaxInt32 {
			return fmt.Errorf("GPIO line %d: want an offset 0 or more", v)
		}
		*l = Line{Offset: int(v)}
	case string:
		if v == "" {
			return errors.New("GPIO line \"\": want an offset or a line name")
		}
		*l = Line{Name: v}
	default:
		return fmt.Errorf("GPIO line %v: want an offset (integer) or a line name (string)", v)
	}
	return nil
}

func (l Line) String() string {
	if l.Name != "" {
		return strconv.Quote(l.Name)
	}
	return strconv.Itoa(l.Offset)
}

// DefaultConfig returns reference board R1's configuration.
func DefaultConfig() Config {
	return Config{
		BoardID:         "board1",
		StateDir:        "/var/lib/gammond",
		CalibrationFile: "/var/lib/gammond/calibration.json",
		Board:           Board{Points: 24, Slots: 6, BarSlots: 4, ADCBits: 12},
		Scan: Scan{
			Rate:     100,
			Settle:   150 * time.Millisecond,
			GPIOChip: "gpiochip0",
			MuxLines: []Line{{Offset: 5}, {Offset: 6}, {Offset: 13}, {Offset: 26}},
			ADCPorts: []string{"/dev/spidev0.0", "/dev/spidev0.1"},
			ADCHz:    1_000_000,
		},
		Referee: Referee{DoneGrace: referee.DefaultDoneGrace},
		Trace:   Trace{LimitMB: 1024},
		Buttons: Buttons{
			Debounce:  10 * time.Millisecond,
			LongPress: time.Second,
			White:     SideButtons{Done: Line{Offset: 17}, Cube: Line{Offset: 22}, Roll: Line{Offset: 24}},
			Black:     SideButtons{Done: Line{Offset: 27}, Cube: Line{Offset: 23}, Roll: Line{Offset: 25}},
		},
		LEDs:    LEDs{Kind: LEDsAPA102, Port: "/dev/spidev1.0", Count: 26, Brightness: 64},
		Display: Display{Bus: "1", Address: 0x70, Digits: []int{0, 1, 3, 4}, Brightness: 8, WhiteEnd: "left"},
		OLED:    OLED{Bus: "1", Address: 0x3C},
		Match: Match{
			Rules: RulesUS, Dice: DiceElectronic, Clock: ClockNone,
			Length: 5, White: "White", Black: "Black",
		},
		Web: Web{Listen: ":8080"},
	}
}

// Load reads the config file at path over the defaults and validates it.
// Keys the file does not set keep their defaults; unknown keys are an error.
func Load(path string) (Config, error) {
	c := DefaultConfig()
	md, err := toml.DecodeFile(path, &c)
	if err != nil {
		return Config{}, decodeError(path, err)
	}
	if keys := md.Undecoded(); len(keys) > 0 {
		names := make([]string, len(keys))
		for i, k := range keys {
			names[i] = k.String()
		}
		return Config{}, fmt.Errorf("%s: unknown keys: %s", path, strings.Join(names, ", "))
	}
	if err := c.Validate(); err != nil {
		// One problem a line, each with the file name, as compilers print them.
		return Config{}, errors.New(path + ": " + strings.ReplaceAll(err.Error(), "\n", "\n"+path+": "))
	}
	return c, nil
}

// decodeError puts the file name in front of the TOML decoder's error.
func decodeError(path string, err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		if pe.LastKey != "" {
			return fmt.Errorf("%s:%d: %s: %s", path, pe.Position.Line, pe.LastKey, pe.Message)
		}
		return fmt.Errorf("%s:%d: %s", path, pe.Position.Line, pe.Message)
	}
	if m := decoderError.FindStringSubmatch(err.Error()); m != nil {
		return fmt.Errorf("%s:%s: %s: %s", path, m[1], m[2], m[3])
	}
	return fmt.Errorf("%s: %w", path, err)
}

// decoderError is the form of the decoder's type errors.
var decoderError = regexp.MustCompile(`^toml: line (\d+) \(last key "([^"]*)"\): (.*)$`)

// Validate reports every setting that is out of range or inconsistent, one
// line each, starting with the key.
func (c *Config) Validate() error {
	v := &validator{}
	v.check("board_id", boardID.MatchString(c.BoardID), "%q: want 1 to 64 letters, digits, '.', '_' or '-'", c.BoardID)
	v.absPath("state_dir", c.StateDir)
	v.absPath("calibration_file", c.CalibrationFile)
	c.Board.validate(v)
	c.Scan.validate(v)
	c.Referee.validate(v)
	v.check("trace.limit_mb", c.Trace.LimitMB >= 0 && c.Trace.LimitMB <= 1<<20, "%d: want 0 (keep no trace) to 1048576", c.Trace.LimitMB)
	c.Buttons.validate(v, c.Scan.MuxLines)
	c.LEDs.validate(v, c.Scan.ADCPorts)
	c.Display.validate(v)
	c.OLED.validate(v)
	c.Match.validate(v)
	c.Web.validate(v)
	c.MQTT.validate(v)
	return errors.Join(v.errs...)
}

var boardID = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

func (b *Board) validate(v *validator) {
	v.check("board.points", b.Points == 24, "%d: a backgammon board has 24 points", b.Points)
	v.intRange("board.slots", b.Slots, 1, 15)
	v.intRange("board.bar_slots", b.BarSlots, 0, 15)
	v.intRange("board.adc_bits", b.ADCBits, 8, 16)
}

func (s *Scan) validate(v *validator) {
	v.intRange("scan.rate", s.Rate, 1, 1000)
	v.durationRange("scan.settle", s.Settle, time.Millisecond, 5*time.Second)
	v.check("scan.gpio_chip", s.GPIOChip != "", "empty: want a GPIO chip name or label")
	v.check("scan.mux_lines", len(s.MuxLines) >= 1 && len(s.MuxLines) <= 8, "%d lines: want 1 to 8", len(s.MuxLines))
	for i, l := range s.MuxLines {
		v.line(fmt.Sprintf("scan.mux_lines[%d]", i), l)
	}
	v.check("scan.adc_ports", len(s.ADCPorts) >= 1, "empty: want one SPI port per ADC")
	for i, p := range s.ADCPorts {
		key := fmt.Sprintf("scan.adc_ports[%d]", i)
		v.check(key, p != "", "empty: want an SPI port such as /dev/spidev0.0")
		v.check(key, !slices.Contains(s.ADCPorts[:i], p), "%q is listed twice", p)
	}
	v.intRange("scan.adc_hz", s.ADCHz, 10_000, 2_000_000)
}

func (r *Referee) validate(v *validator) {
	v.durationRange("referee.done_grace", r.DoneGrace, 100*time.Millisecond, 10*time.Second)
}

func (b *Buttons) validate(v *validator, mux []Line) {
	v.durationRange("buttons.debounce", b.Debounce, 0, time.Second)
	v.durationRange("buttons.long_press", b.LongPress, 100*time.Millisecond, 10*time.Second)
	v.check("buttons.long_press", b.LongPress > b.Debounce, "%v: must be longer than buttons.debounce (%v)", b.LongPress, b.Debounce)
	used := map[Line]string{}
	for i, l := range mux {
		used[l] = fmt.Sprintf("scan.mux_lines[%d]", i)
	}
	for _, side := range []struct {
		name string
		b    SideButtons
	}{{"white", b.White}, {"black", b.Black}} {
		for _, btn := range []struct {
			name string
			l    Line
		}{{"done", side.b.Done}, {"cube", side.b.Cube}, {"roll", side.b.Roll}} {
			key := "buttons." + side.name + "." + btn.name
			v.line(key, btn.l)
			if other, ok := used[btn.l]; ok {
				v.add(key, "line %s is also %s", btn.l, other)
			}
			used[btn.l] = key
		}
	}
}

func (l *LEDs) validate(v *validator, adcPorts []string) {
	v.oneOf("leds.kind", l.Kind, LEDsAPA102, LEDsWS2812)
	v.check("leds.port", l.Port != "", "empty: want an SPI port such as /dev/spidev1.0")
	if i := slices.Index(adcPorts, l.Port); i >= 0 {
		v.add("leds.port", "%q is also scan.adc_ports[%d]", l.Port, i)
	}
	v.check("leds.count", l.Count >= 26 && l.Count <= 1024, "%d: want 26 (24 points and 2 bar halves) to 1024", l.Count)
	v.intRange("leds.brightness", l.Brightness, 0, 255)
}

func (d *Display) validate(v *validator) {
	v.check("display.bus", d.Bus != "", "empty: want an I2C bus such as \"1\"")
	v.check("display.address", d.Address >= 0x70 && d.Address <= 0x77, "%#x: an HT16K33 is at 0x70 to 0x77", d.Address)
	ok := len(d.Digits) == 4
	for i, r := range d.Digits {
		ok = ok && r >= 0 && r <= 7 && !slices.Contains(d.Digits[:i], r)
	}
	v.check("display.digits", ok, "%v: want 4 different RAM rows 0 to 7, left to right", d.Digits)
	v.intRange("display.brightness", d.Brightness, 0, 15)
	v.oneOf("display.white_end", d.WhiteEnd, "left", "right")
}

func (o *OLED) validate(v *validator) {
	if !o.Enabled {
		return
	}
	v.check("oled.bus", o.Bus != "", "empty: want an I2C bus such as \"1\"")
	v.check("oled.address", o.Address == 0x3C || o.Address == 0x3D, "%#x: an SSD1306 is at 0x3c or 0x3d", o.Address)
}

func (m *Match) validate(v *validator) {
	v.oneOf("match.rules", m.Rules, RulesUS, RulesDanish)
	v.oneOf("match.dice", m.Dice, DiceElectronic, DiceEntered, DiceInferred)
	v.oneOf("match.clock", m.Clock, ClockNone, ClockUS, ClockUSDoubles, ClockDanish)
	v.durationRange("match.clock_delay", m.ClockDelay, 0, time.Minute)
	v.check("match.clock_delay", m.ClockDelay == 0 || m.Clock != ClockNone, "%v: set, but match.clock is %q", m.ClockDelay, m.Clock)
	v.intRange("match.length", m.Length, 0, 64)
	v.name("match.white", m.White)
	v.name("match.black", m.Black)
}

func (w *Web) validate(v *validator) {
	_, port, err := net.SplitHostPort(w.Listen)
	if err == nil {
		_, err = strconv.ParseUint(port, 10, 16)
	}
	v.check("web.listen", err == nil, "%q: want host:port or :port, such as \":8080\"", w.Listen)
	v.check("web.director_token", w.DirectorToken == "" || len(w.DirectorToken) >= 16,
		"%d characters: use at least 16, or leave it empty to turn director actions off", len(w.DirectorToken))
}

func (m *MQTT) validate(v *validator) {
	if m.Broker == "" {
		return
	}
	u, err := url.Parse(m.Broker)
	ok := err == nil && u.Host != "" && slices.Contains([]string{"tcp", "ssl", "ws", "wss", "mqtt", "mqtts"}, u.Scheme)
	v.check("mqtt.broker", ok, "%q: want a URL such as tcp://desk.local:1883 (tcp, ssl, ws, wss, mqtt or mqtts)", m.Broker)
}

// validator collects every problem, each prefixed with its key.
type validator struct{ errs []error }

func (v *validator) add(key, format string, a ...any) {
	v.errs = append(v.errs, fmt.Errorf("%s: "+format, append([]any{key}, a...)...))
}

func (v *validator) check(key string, ok bool, format string, a ...any) {
	if !ok {
		v.add(key, format, a...)
	}
}

func (v *validator) intRange(key string, n, lo, hi int) {
	v.check(key, n >= lo && n <= hi, "%d: want %d to %d", n, lo, hi)
}

func (v *validator) durationRange(key string, d, lo, hi time.Duration) {
	v.check(key, d >= lo && d <= hi, "%v: want %v to %v", d, lo, hi)
}

func (v *validator) oneOf(key, s string, allowed ...string) {
	if !slices.Contains(allowed, s) {
		v.add(key, "%q: want one of %q", s, allowed)
	}
}

func (v *validator) absPath(key, p string) {
	v.check(key, filepath.IsAbs(p), "%q: want an absolute path", p)
}

func (v *validator) line(key string, l Line) {
	v.check(key, l.Name != "" || l.Offset >= 0, "%s: want a line offset 0 or more, or a line name", l)
}

func (v *validator) name(key, s string) {
	ok := s != "" && utf8.RuneCountInString(s) <= 32 && !strings.ContainsFunc(s, unicode.IsControl)
	v.check(key, ok, "%q: want 1 to 32 characters, no control characters", s)
}
