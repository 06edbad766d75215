package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"gammond/board"
	"gammond/display/leds"
	"gammond/engine"
	"gammond/sensing/dice"
	"gammond/sensing/mux"
)

// writeConfig writes a config file and returns its path.
func writeConfig(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "gammond.toml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestExampleIsDefault(t *testing.T) {
	got, err := Load("../../systemd/gammond.toml")
	if err != nil {
		t.Fatal(err)
	}
	if want := DefaultConfig(); !reflect.DeepEqual(got, want) {
		t.Errorf("systemd/gammond.toml differs from DefaultConfig():\n got %+v\nwant %+v", got, want)
	}
}

func TestDefaultConfigIsValid(t *testing.T) {
	c := DefaultConfig()
	if err := c.Validate(); err != nil {
		t.Error(err)
	}
}

func TestLoadEmptyFileIsDefault(t *testing.T) {
	got, err := Load(writeConfig(t, "# nothing set\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := DefaultConfig(); !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestLoadOverrides(t *testing.T) {
	got, err := Load(writeConfig(t, `
board_id = "club-3"
[scan]
gpio_chip = "pinctrl-rp1"
mux_lines = ["GPIO5", "GPIO6", 13, 26]
[buttons.white]
done = "WHITE_DONE"
[leds]
kind = "ws2812"
[match]
rules = "danish"
dice = "entered"
clock = "us-doubles"
clock_delay = "18s"
length = 7
white = "Alice"
black = "Bob"
[oled]
enabled = true
address = 0x3d
[mqtt]
broker = "tcp://td-desk.local:1883"
`))
	if err != nil {
		t.Fatal(err)
	}
	want := DefaultConfig()
	want.BoardID = "club-3"
	want.Scan.GPIOChip = "pinctrl-rp1"
	want.Scan.MuxLines = []mux.Line{{Name: "GPIO5"}, {Name: "GPIO6"}, {Offset: 13}, {Offset: 26}}
	want.Buttons.White.Done = mux.Line{Name: "WHITE_DONE"}
	want.LEDs.Kind = leds.KindWS2812
	want.Match = board.MatchConfig{Rules: engine.RulesDanish, Dice: dice.Entered, Clock: engine.ClockUSDoubles,
		ClockDelay: 18 * time.Second, Length: 7, White: "Alice", Black: "Bob"}
	want.OLED.Enabled = true
	want.OLED.Address = 0x3D
	want.MQTT.Broker = "tcp://td-desk.local:1883"
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string // Each must be in the error, after the file name.
	}{
		{"unknown key", "[scan]\nrat = 100\n", []string{":2: scan.rat: unknown key; did you mean scan.rate?"}},
		{"unknown keys", "colour = 1\n[leds]\ncolour = \"red\"\n", []string{":1: colour: unknown key\n", ":3: leds.colour: unknown key"}},
		{"unknown section", "[speaker]\nvolume = 3\n", []string{":1: speaker: unknown section"}},
		{"typo in a nested section", "[buttons.white]\ndoen = 5\n", []string{":2: buttons.white.doen: unknown key; did you mean buttons.white.done?"}},
		{"key in the wrong section", "[match]\n\ndone_grace = \"2s\"\n", []string{":3: match.done_grace: unknown key; did you mean referee.done_grace?"}},
		{"value for a section", "scan = 3\n", []string{":1: scan: is a section: write [scan] and its keys under it"}},
		{"duration without a unit", "[referee]\ndone_grace = 2\n", []string{`:2: referee.done_grace = 2: give a unit, e.g. "2s"`}},
		{"durations without units", "[match]\nclock_delay = 18 # s\n[referee]\ndone_grace = 2\n", []string{`:2: match.clock_delay = 18: give a unit, e.g. "18s"` + "\n", `:4: referee.done_grace = 2: give a unit`}},
		{"duration as a fraction", "[referee]\ndone_grace = 2.5\n", []string{`:2: referee.done_grace: 2.5: want a duration with its unit, e.g. "2.5s"`}},
		{"duration in quotes without a unit", "[referee]\ndone_grace = \"2\"\n", []string{`:2: referee.done_grace: "2": not a duration: give a number and a unit`}},
		{"boolean in quotes", "[oled]\nenabled = \"yes\"\n", []string{`:2: oled.enabled: "yes": want true or false`}},
		{"number in quotes", "[match]\nlength = \"5\" # points\n", []string{`:2: match.length: "5": want a whole number`}},
		{"out of range on its line", "[scan]\n# the rate\nrate = 0\n", []string{":3: scan.rate: 0: want 1 to 1000"}},
		{"syntax", "[scan\nrate = 100\n", []string{"expected '.' or ']'"}},
		{"wrong type", "[scan]\nrate = \"fast\"\n", []string{`:2: scan.rate: "fast": want a whole number, e.g. 5`}},
		{"bad duration", "[referee]\ndone_grace = \"soon\"\n", []string{":2:", "referee.done_grace", "soon"}},
		{"line as float", "[buttons.black]\nroll = 2.5\n", []string{":2:", "buttons.black.roll", "GPIO line 2.5"}},
		{"empty line name", "[buttons.black]\nroll = \"\"\n", []string{"buttons.black.roll", `GPIO line ""`}},
		{"bad rules", "[match]\nrules = \"uk\"\n", []string{`match.rules: "uk": want one of ["us" "danish" "welsh"]`}},
		{"bad dice", "[match]\ndice = \"loaded\"\n", []string{`match.dice: "loaded": want one of ["electronic" "entered" "inferred"]`}},
		{"welsh with inferred dice", "[match]\nrules = \"welsh\"\ndice = \"inferred\"\n", []string{`match.dice: "inferred": a Welsh throw is not inferred`}},
		{"clocked money play", "[match]\nclock = \"us\"\nlength = 0\n", []string{`match.clock: "us": money play has no clock`}},
		{"bad clock", "[match]\nclock = \"fide\"\n", []string{`match.clock: "fide"`, `"us-doubles"`}},
		{"delay without clock", "[match]\nclock_delay = \"12s\"\n", []string{`match.clock_delay: 12s: set, but match.clock is "none"`}},
		{"negative delay", "[match]\nclock = \"us\"\nclock_delay = \"-1s\"\n", []string{"match.clock_delay: -1s: want 0s to 1m0s"}},
		{"retired settle window", "[scan]\nsettle = \"150ms\"\n", []string{":2: scan.settle: no longer read: the board settles once every reading holds still within its noise for the sensor model's settle window (150ms); remove it"}},
		{"retired judge", "[referee]\njudge = \"classifier\"\n", []string{":2: referee.judge: no longer read: the sensor model judges every play"}},
		{"done grace too long", "[referee]\ndone_grace = \"1m\"\n", []string{"referee.done_grace: 1m0s: want 100ms to 10s"}},
		{"zero rate", "[scan]\nrate = 0\n", []string{"scan.rate: 0: want 1 to 1000"}},
		{"23 points", "[board]\npoints = 23\n", []string{"board.points: 23"}},
		{"no mux lines", "[scan]\nmux_lines = []\n", []string{"scan.mux_lines: 0 lines"}},
		{"negative mux line", "[scan]\nmux_lines = [5, -6]\n", []string{":2:", "scan.mux_lines", "GPIO line -6"}},
		{"huge line", "[buttons.white]\ndone = 0x1_0000_0000\n", []string{"buttons.white.done", "GPIO line 4294967296"}},
		{"ADC port twice", "[scan]\nadc_ports = [\"/dev/spidev0.0\", \"/dev/spidev0.0\"]\n", []string{`scan.adc_ports[1]: "/dev/spidev0.0" is listed twice`}},
		{"ADC too fast", "[scan]\nadc_hz = 3_600_000\n", []string{"scan.adc_hz: 3600000"}},
		{"duplicate button lines", "[buttons.black]\ndone = 17\n", []string{"buttons.black.done: line 17 is also buttons.white.done"}},
		{"button on a mux line", "[buttons.white]\nroll = 13\n", []string{"buttons.white.roll: line 13 is also scan.mux_lines[2]"}},
		{"duplicate line names", "[buttons.white]\ndone = \"B1\"\ncube = \"B1\"\n", []string{`buttons.white.cube: line "B1" is also buttons.white.done`}},
		{"long press under debounce", "[buttons]\ndebounce = \"500ms\"\nlong_press = \"400ms\"\n", []string{"buttons.long_press: 400ms: must be longer than buttons.debounce (500ms)"}},
		{"LEDs kind", "[leds]\nkind = \"neopixel\"\n", []string{`leds.kind: "neopixel": want one of ["apa102" "ws2812"]`}},
		{"LEDs on the ADC port", "[leds]\nport = \"/dev/spidev0.1\"\n", []string{`leds.port: "/dev/spidev0.1" is also scan.adc_ports[1]`}},
		{"too few LEDs", "[leds]\ncount = 24\n", []string{"leds.count: 24"}},
		{"LED brightness", "[leds]\nbrightness = 300\n", []string{"leds.brightness: 300: want 0 to 255"}},
		{"bad display address", "[display]\naddress = 0x3c\n", []string{"display.address: 0x3c"}},
		{"display digits", "[display]\ndigits = [0, 1, 1, 4]\n", []string{"display.digits: [0 1 1 4]"}},
		{"three digits", "[display]\ndigits = [0, 1, 3]\n", []string{"display.digits: [0 1 3]"}},
		{"white end", "[display]\nwhite_end = \"top\"\n", []string{`display.white_end: "top"`}},
		{"bad OLED address", "[oled]\nenabled = true\naddress = 0x70\n", []string{"oled.address: 0x70"}},
		{"empty player", "[match]\nwhite = \"\"\n", []string{`match.white: bad player name: empty`}},
		{"player with a newline", "[match]\nblack = \"Bob\\nWins\"\n", []string{`match.black: bad player name "Bob\nWins": U+000A does not print`}},
		{"site with a quote", "[match]\nsite = \"The \\\"Club\\\"\"\n", []string{`match.site: "The \"Club\"": a double quote`}},
		{"long match", "[match]\nlength = 99\n", []string{"match.length: 99: want 0 to 64"}},
		{"bad listen", "[web]\nlisten = \"8080\"\n", []string{`web.listen: "8080"`}},
		{"bad port", "[web]\nlisten = \":http-alt\"\n", []string{`web.listen: ":http-alt"`}},
		{"short token", "[web]\ndirector_token = \"secret\"\n", []string{"web.director_token: 6 characters"}},
		{"host with a port", "[web]\nhosts = [\"table-1.club.example:8080\"]\n", []string{`web.hosts: "table-1.club.example:8080": want a host name`}},
		{"blank token", "[web]\ndirector_token = \"                \"\n", []string{"web.director_token: spaces", `openssl rand -hex 16`}},
		{"bad broker", "[mqtt]\nbroker = \"td-desk:1883\"\n", []string{`mqtt.broker: broker URL "td-desk:1883"`}},
		{"credentials in the broker URL", "[mqtt]\nbroker = \"mqtt://u:pw@desk:1883\"\n", []string{`mqtt.broker: mqtt://u:xxxxx@desk:1883: give the username`}},
		{"password file missing", "[mqtt]\nbroker = \"mqtts://desk:8883\"\nusername = \"t1\"\npassword_file = \"/nonexistent/pw\"\n", []string{`mqtt.password_file: password file: stat /nonexistent/pw`}},
		{"CA for a plain broker", "[mqtt]\nbroker = \"mqtt://desk:1883\"\nca_file = \"/etc/ssl/ca.pem\"\n", []string{`mqtt.ca_file: broker URL mqtt://desk:1883 is not TLS`}},
		{"sign-in without a broker", "[mqtt]\nusername = \"t1\"\n", []string{`mqtt.username: set, but there is no broker`}},
		{"relative state dir", "state_dir = \"var/lib/gammond\"\n", []string{`state_dir: "var/lib/gammond": want an absolute path`}},
		{"bad board id", "board_id = \"club 3\"\n", []string{`board_id: "club 3"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeConfig(t, tt.text)
			_, err := Load(path)
			if err == nil {
				t.Fatalf("no error, want one containing %q", tt.want)
			}
			if !strings.HasPrefix(err.Error(), path) {
				t.Errorf("error %q does not start with the file name", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

func TestValidateReportsEveryProblem(t *testing.T) {
	c := DefaultConfig()
	c.Match.Rules = "uk"
	c.Scan.Rate = 0
	c.Buttons.Black.Roll = mux.Line{Offset: 24}
	err := c.Validate()
	if err == nil {
		t.Fatal("no error")
	}
	lines := strings.Split(err.Error(), "\n")
	want := []string{"scan.rate:", "buttons.black.roll:", "match.rules:"}
	if len(lines) != len(want) {
		t.Fatalf("got %d problems, want %d:\n%v", len(lines), len(want), err)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("problem %d: %q does not start with %q", i, lines[i], w)
		}
	}
}

func TestLoadMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "none.toml")
	if _, err := Load(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("error %v, want one naming %s", err, path)
	}
}

func TestOLEDOffIsNotChecked(t *testing.T) {
	c := DefaultConfig()
	c.OLED.Address = 0
	if err := c.Validate(); err != nil {
		t.Errorf("OLED disabled: %v", err)
	}
}

// Every problem is one line naming the file and the line that sets its
// key, in the file's order: the settings' checks, and the decoder's
// problems whatever found them.
func TestLoadNamesTheFileOnEveryLine(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string // the start of each line, after the file name
	}{
		{"[scan]\nrate = 0\n[match]\nrules = \"uk\"\n", []string{":2: scan.rate: ", ":4: match.rules: "}},
		{"[referee]\ndone_grace = 2\n[scan]\nrat = 5\nsettle = 150\n", []string{":2: referee.done_grace = 2", ":4: scan.rat: unknown key", ":5: scan.settle: no longer read"}},
	} {
		path := writeConfig(t, tc.text)
		_, err := Load(path)
		if err == nil {
			t.Fatalf("%q: no error", tc.text)
		}
		lines := strings.Split(err.Error(), "\n")
		for i, want := range tc.want {
			if i >= len(lines) || !strings.HasPrefix(lines[i], path+want) {
				t.Errorf("problems %q: want one a line, line %d starting %q", lines, i+1, path+want)
			}
		}
	}
}

func TestValidateNegativeLine(t *testing.T) {
	c := DefaultConfig()
	c.Scan.MuxLines[0] = mux.Line{Offset: -5}
	if err := c.Validate(); err == nil || !strings.HasPrefix(err.Error(), "scan.mux_lines[0]: -5") {
		t.Errorf("error %v, want one about scan.mux_lines[0]", err)
	}
}

// TestLoadSecureBroker: a TLS broker (tls:// too, which the config once
// refused) with a user whose password file only its owner reads.
func TestLoadSecureBroker(t *testing.T) {
	dir := t.TempDir()
	pw := filepath.Join(dir, "mqtt-password")
	if err := os.WriteFile(pw, []byte("s3cret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, broker := range []string{"tls://desk.local:8883", "mqtts://desk.local:8883"} {
		name := filepath.Join(dir, "gammond.toml")
		text := "[mqtt]\nbroker = \"" + broker + "\"\nusername = \"table-1\"\npassword_file = \"" + pw + "\"\nclient_id = \"board-t1\"\n"
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg, err := Load(name)
		if err != nil {
			t.Fatalf("%s: %v", broker, err)
		}
		if sec := cfg.MQTT.Security(); sec.Username != "table-1" || sec.PasswordFile != pw || cfg.MQTT.ClientID != "board-t1" {
			t.Errorf("%s: %+v", broker, cfg.MQTT)
		}
	}
	if err := os.Chmod(pw, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(filepath.Join(dir, "gammond.toml")); err == nil || !strings.Contains(err.Error(), "mqtt.password_file") || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("a password file others can read: %v, want it refused without the password", err)
	}
}
