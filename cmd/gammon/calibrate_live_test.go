package main

import (
	"bytes"
	"errors"
	"html"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gammond/calib"
	"gammond/sensing/scan"
	"gammond/sensing/sim"
)

// person is someone at the console of a simulated board: at each Enter
// they press, they have first done the next of their actions to the board.
type person struct {
	board   *sim.Board
	actions []func(*sim.Board) error
}

// Read does the next action, then presses Enter; with none left the
// person walks away (io.EOF).
func (p *person) Read(b []byte) (int, error) {
	if len(p.actions) == 0 {
		return 0, io.EOF
	}
	act := p.actions[0]
	p.actions = p.actions[1:]
	if err := act(p.board); err != nil {
		return 0, err
	}
	return copy(b, "\n"), nil
}

// setUpAs is the action of setting the board up as a.
func setUpAs(a calib.Arrangement) func(*sim.Board) error {
	return func(b *sim.Board) error { return setUp(b, &a) }
}

// leaveAsIs is the action of pressing Enter without touching the board.
func leaveAsIs(*sim.Board) error { return nil }

// simHardware opens b in place of the sensors a config wires, checking
// that it is asked for the config's sensors.
func simHardware(t *testing.T, b *sim.Board) openScanner {
	return func(c *scan.Config, sensors int) (scanner, func(), error) {
		if sensors != calib.ReferenceBoard.Sensors() || c.Rate != 50 {
			t.Errorf("opened %d sensors at %d frames/s, want the config's %d at 50", sensors, c.Rate, calib.ReferenceBoard.Sensors())
		}
		return simScanner{b}, func() {}, nil
	}
}

// writeConfig writes a gammond config file naming the calibration file
// out, with sections gammon calibrate does not read.
func writeConfig(t *testing.T, out string) string {
	path := filepath.Join(t.TempDir(), "gammond.toml")
	config := "board_id = \"b7\"\ncalibration_file = \"" + out + "\"\n[scan]\nrate = 50\n[referee]\ndone_grace = \"2s\"\n"
	if err := os.WriteFile(path, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCalibrateLiveConsole calibrates a board through the interface the
// hardware's scanner fills, a person at the console setting each step
// up: a board left set up for a game when asked to clear it is asked
// again with the reason, and the file goes where the config says, within
// 5% of the board's truth.
func TestCalibrateLiveConsole(t *testing.T) {
	out := filepath.Join(t.TempDir(), "calibration.json")
	b := sim.NewBoard(5) // set up for a game
	actions := []func(*sim.Board) error{leaveAsIs, setUpAs(calib.Arrangement{})}
	for _, a := range calib.Plan(calib.ReferenceBoard) {
		actions = append(actions, setUpAs(a))
	}
	var stdout, stderr bytes.Buffer
	code := calibrateCommand([]string{"-config", writeConfig(t, out), "--frames", "20"}, &person{b, actions}, &stdout, &stderr, simHardware(t, b))
	if code != exitOK {
		t.Fatalf("exit %d: %s\n%s", code, stderr.String(), stdout.String())
	}
	for _, want := range []string{
		"step 1/15: empty board",
		"the board is not empty: point 1 slot 0 reads",
		"mend it, then press Enter",
		"step 15/15",
		"wrote " + out + ": 152 sensors, 0 outliers",
	} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the console lacks %q:\n%s", want, stdout.String())
		}
	}
	got, err := calib.LoadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	truth := b.Calibration()
	for i := range truth.Baseline {
		gain := float64(min(truth.White[i]-truth.Baseline[i], truth.Baseline[i]-truth.Black[i]))
		for _, l := range [][2]uint16{{got.Baseline[i], truth.Baseline[i]}, {got.White[i], truth.White[i]}, {got.Black[i], truth.Black[i]}} {
			if d := float64(l[0]) - float64(l[1]); d > 0.05*gain || d < -0.05*gain {
				t.Errorf("sensor %d: level %d, truth %d", i, l[0], l[1])
			}
		}
	}
}

// TestCalibrateLiveRefuses: a console closed half way, a config file with
// a bad key and hardware that cannot be opened each end the procedure
// with a message saying what, and no file.
func TestCalibrateLiveRefuses(t *testing.T) {
	out := filepath.Join(t.TempDir(), "calibration.json")
	b := sim.NewBoard(5)
	walkAway := &person{b, []func(*sim.Board) error{setUpAs(calib.Arrangement{})}}
	badConfig := filepath.Join(t.TempDir(), "bad.toml")
	if err := os.WriteFile(badConfig, []byte("[scan]\nrate = 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	noHardware := func(*scan.Config, int) (scanner, func(), error) {
		return nil, nil, errors.New("gpiochip0: no such device")
	}
	for _, tc := range []struct {
		name, config string
		open         openScanner
		code         int
		want         string
	}{
		{"console closed", writeConfig(t, out), simHardware(t, b), exitFindings, "step 2/15: the console closed before the board was set up as White"},
		{"bad config", badConfig, simHardware(t, b), exitUsage, badConfig + ": scan.rate: 0"},
		{"no hardware", writeConfig(t, out), noHardware, exitUsage, "the board's sensors: gpiochip0: no such device"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := calibrateCommand([]string{"-config", tc.config}, walkAway, &stdout, &stderr, tc.open)
			if code != tc.code || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr.String(), tc.code, tc.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("a calibration file was written")
			}
		})
	}
}

// TestCalibrateReadsExampleConfig: the example config gammond ships is
// one gammon calibrate -config reads, with its calibration_file.
func TestCalibrateReadsExampleConfig(t *testing.T) {
	c, err := readBoardConfig(filepath.Join("..", "..", "systemd", "gammond.toml"))
	if err != nil || c.CalibrationFile != defaultCalibrationFile || c.Board.Sensors() != calib.ReferenceBoard.Sensors() {
		t.Errorf("readBoardConfig = %+v, %v", c, err)
	}
}

// TestCalibratePage runs the procedure with --listen: while the person
// sets the board up, the page lists every step, the one under way, and
// why the last attempt at it was refused. The person looks at the page
// instead of setting the board up, and presses Enter all the same: the
// step is asked again.
func TestCalibratePage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "calibration.json")
	b := sim.NewBoard(5) // set up for a game
	var stdout, stderr bytes.Buffer
	var pages []string
	look := func(*sim.Board) error {
		_, url, ok := strings.Cut(stdout.String(), "the procedure's page: ")
		url, _, _ = strings.Cut(url, "\n")
		if !ok {
			return errors.New("no page announced")
		}
		resp, err := http.Get(url)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		pages = append(pages, string(body))
		return err
	}
	plan := calib.Plan(calib.ReferenceBoard)
	actions := []func(*sim.Board) error{leaveAsIs, look, setUpAs(calib.Arrangement{}), setUpAs(plan[0]), look, setUpAs(plan[1])}
	for _, a := range plan[2:] {
		actions = append(actions, setUpAs(a))
	}
	code := calibrateCommand([]string{"-config", writeConfig(t, out), "--frames", "10", "--listen", "127.0.0.1:0"}, &person{b, actions}, &stdout, &stderr, simHardware(t, b))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if len(pages) != 2 {
		t.Fatalf("%d pages read, want 2", len(pages))
	}
	for k, want := range [][]string{
		{"Step 1 of 15", `<li class="here">empty board</li>`, "the board is not empty: point 1 slot 0 reads"},
		{"Step 3 of 15", `<li class="done">empty board ✓</li>`, `<li class="here">` + html.EscapeString(plan[1].String()) + "</li>"},
	} {
		for _, w := range want {
			if !strings.Contains(pages[k], w) {
				t.Errorf("page %d lacks %q:\n%s", k+1, w, pages[k])
			}
		}
	}
	if strings.Contains(pages[1], "not empty") {
		t.Error("the refusal of step 1 still shows at step 3")
	}
}
