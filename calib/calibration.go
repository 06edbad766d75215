package calib

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"gammond/record/journal"
)

// Calibration is what each sensor reads with its slot empty (Baseline), with
// one White checker on it (White) and with one Black checker (Black), in ADC
// counts, indexed by sensor. It is the calibration file's content and a
// trace header's "calibration".
type Calibration struct {
	// Board is the geometry the levels are for.
	Board Geometry `json:"board"`
	// Baseline, White and Black hold one level per sensor.
	Baseline []uint16 `json:"baseline"`
	White    []uint16 `json:"white"`
	Black    []uint16 `json:"black"`
	// Noise, when measured, is each sensor's noise: one standard
	// deviation of its reading, in counts (the sensor model's start).
	Noise []float64 `json:"noise,omitempty"`
}

// MinGain is the smallest distance, in counts of a 12-bit ADC, between a
// sensor's baseline and either checker level that calibration accepts
// (HARDWARE.md): a sensor with less is weak, the reference board's gains
// being 480-760 counts.
const MinGain = 100

// ErrCalibration is wrapped by every error Validate returns.
var ErrCalibration = errors.New("bad calibration")

// Validate reports a calibration that is not whole or is no board's:
// levels missing, outside the ADC's range, or less than MinGain above
// (White) or below (Black) the baseline. A calibration file must pass it.
func (c *Calibration) Validate() error {
	if err := c.ValidatePartial(); err != nil {
		return err
	}
	switch {
	case len(c.Baseline) == 0:
		return fmt.Errorf("%w: no levels: the board calibrates itself", ErrCalibration)
	case !c.Complete():
		return fmt.Errorf("%w: baselines only: no White and Black levels", ErrCalibration)
	}
	return nil
}

// Complete reports whether c has all three levels of every sensor.
func (c *Calibration) Complete() bool {
	n := c.Board.Sensors()
	return len(c.Baseline) == n && len(c.White) == n && len(c.Black) == n
}

// ValidatePartial is Validate for a calibration that may be partial, as a
// trace header's may (TRACE.md): baselines alone, or no levels at all.
// Levels given must be whole and in order, White and Black together and
// with baselines; a noise given, more than none and less than MinGain.
func (c *Calibration) ValidatePartial() error {
	if err := c.Board.Validate(); err != nil {
		return fmt.Errorf("%w: %w", ErrCalibration, err)
	}
	n := c.Board.Sensors()
	counts := [...]struct {
		what string
		n    int
	}{
		{"baseline levels", len(c.Baseline)}, {"white levels", len(c.White)},
		{"black levels", len(c.Black)}, {"noise figures", len(c.Noise)},
	}
	for _, l := range counts {
		if l.n != n && l.n != 0 {
			return fmt.Errorf("%w: %d %s, want one per sensor: %d", ErrCalibration, l.n, l.what, n)
		}
	}
	most := MinGain * c.Board.scale() // a noise that would drown a checker
	for i, noise := range c.Noise {
		if !(noise > 0 && noise < most) {
			return c.sensorError(i, "noise %g: want more than 0 and less than %g", noise, most)
		}
	}
	switch {
	case len(c.White) != len(c.Black):
		return fmt.Errorf("%w: White levels without Black ones, or Black without White", ErrCalibration)
	case len(c.White) > 0 && len(c.Baseline) == 0:
		return fmt.Errorf("%w: checker levels without baselines", ErrCalibration)
	}
	max := c.Board.MaxReading()
	for i, base := range c.Baseline {
		if int(base) > max {
			return c.sensorError(i, "baseline %d beyond the ADC's %d", base, max)
		}
	}
	for i := range c.White {
		base, white, black := int(c.Baseline[i]), int(c.White[i]), int(c.Black[i])
		switch {
		case white > max:
			return c.sensorError(i, "White level %d beyond the ADC's %d", white, max)
		case white-base < MinGain:
			return c.sensorError(i, "White level %d is not %d above the baseline %d", white, MinGain, base)
		case base-black < MinGain:
			return c.sensorError(i, "Black level %d is not %d below the baseline %d", black, MinGain, base)
		}
	}
	return nil
}

func (c *Calibration) sensorError(i int, format string, args ...any) error {
	return fmt.Errorf("%w: sensor %d (%s): %s", ErrCalibration, i, c.Board.Place(i), fmt.Sprintf(format, args...))
}

// Load reads a calibration file written by Save and validates it. Unknown
// fields are an error: a misspelt level must not pass for a missing one.
func Load(r io.Reader) (*Calibration, error) { return decode(r, (*Calibration).Validate) }

// decode reads a calibration as JSON, refusing unknown fields and data
// after it, and checks it with valid.
func decode(r io.Reader, valid func(*Calibration) error) (*Calibration, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var c Calibration
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCalibration, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: data after the calibration", ErrCalibration)
	}
	if err := valid(&c); err != nil {
		return nil, err
	}
	return &c, nil
}

// Save writes c as JSON, one line per field so a diff shows which levels
// moved. It refuses a calibration Validate rejects.
func (c *Calibration) Save(w io.Writer) error {
	js, err := c.encode()
	if err == nil {
		_, err = w.Write(js)
	}
	return err
}

// SaveFile writes c to path atomically: a power cut leaves the old file or
// the new one, never half of either.
func (c *Calibration) SaveFile(path string) error {
	js, err := c.encode()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return journal.WriteFileAtomic(path, js, journal.FilePerm)
}

// encode returns c as Save writes it.
func (c *Calibration) encode() ([]byte, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	type field struct {
		name  string
		value any
	}
	fields := []field{{"board", c.Board}, {"baseline", c.Baseline}, {"white", c.White}, {"black", c.Black}}
	if len(c.Noise) > 0 {
		fields = append(fields, field{"noise", c.Noise})
	}
	buf := bytes.NewBufferString("{")
	for i, f := range fields {
		js, err := json.Marshal(f.value)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			buf.WriteString(",")
		}
		fmt.Fprintf(buf, "\n %q: %s", f.name, js)
	}
	buf.WriteString("\n}\n")
	return buf.Bytes(), nil
}

// LoadFile reads the calibration file at path.
func LoadFile(path string) (*Calibration, error) { return loadFile(path, (*Calibration).Validate) }

// LoadFileOrLearn loads the calibration file at path or, when there is
// none, returns an empty calibration of the board g, whose Model learns
// each sensor's levels from the first known positions; learning says
// whether it has levels to learn. A partial file (ValidatePartial) is
// loaded, and the Model learns the rest. A file that is there but
// unreadable or invalid is an error.
func LoadFileOrLearn(path string, g Geometry) (c *Calibration, learning bool, err error) {
	c, err = loadFile(path, (*Calibration).ValidatePartial)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &Calibration{Board: g}, true, nil
	case err != nil:
		return nil, false, err
	}
	return c, !c.Complete(), nil
}

// loadFile reads the calibration file at path and checks it with valid.
func loadFile(path string, valid func(*Calibration) error) (*Calibration, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	c, err := decode(f, valid)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}
