package board

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"gammond/engine"
	"gammond/engine/welsh"
	"gammond/record/journal"
	"gammond/referee"
)

// Match is the journal's first record: the match it is the journal of.
type Match struct {
	Board   string           `json:"board"`
	Started time.Time        `json:"started"`
	Length  int              `json:"length"`
	White   string           `json:"white"`
	Black   string           `json:"black"`
	Rules   engine.RuleSet   `json:"rules"`
	Clock   engine.ClockName `json:"clock,omitempty"` // "" (journals from before clocks) or engine.ClockNone for no clock
	// Site, Event and Round go into the record's header: where, at what
	// and in which round the match is played.
	Site  string `json:"site,omitempty"`
	Event string `json:"event,omitempty"`
	Round string `json:"round,omitempty"`
	// MoneyRules are the rules of a money session (Length 0).
	MoneyRules
}

func (m *Match) clocked() bool { return m.Clock.Clocked() }

func (m *Match) players() [2]string { return [2]string{m.White, m.Black} }

// recordPath is where the match's .mat file goes in dir.
func (m *Match) recordPath(dir string) string {
	ext := ".mat"
	if m.Rules == engine.RulesWelsh {
		ext = welsh.RecordExt
	}
	return filepath.Join(dir, fmt.Sprintf("%s-%s%s", m.Board, m.Started.UTC().Format("20060102-150405"), ext))
}

// journalRecord is one record of the journal: the match header, then the
// referee's inputs. Outside marks an input that did not come from the
// board's source (the page, the director, the clock): a replayed source
// gives again only the others.
type journalRecord struct {
	Match    *Match         `json:"match,omitempty"`
	Input    *referee.Input `json:"input,omitempty"`
	Outside  bool           `json:"outside,omitempty"`
	Chouette *ChouetteEntry `json:"chouette,omitempty"` // the chouette's books (chouette.go)
}

// journalName is the journal's file in the state directory.
const journalName = "journal"

// openJournal opens the journal in the state directory, cutting a torn
// last record.
func (b *Board) openJournal() error {
	j, rec, err := journal.Open(filepath.Join(b.opts.StateDir, journalName), nil)
	var corrupt *journal.CorruptError
	if errors.As(err, &corrupt) {
		return fmt.Errorf("%w\nthe daemon never drops a record that may have been confirmed: \"gammon journal salvage %s\" keeps the sound records and moves the damaged file aside (see INSTALL.md)", err, b.opts.StateDir)
	}
	if err != nil {
		return err
	}
	if rec != nil && rec.Cut > 0 {
		b.log.Warn("journal: cut a torn last record", "recovery", rec.String())
	}
	b.journal = j
	return nil
}

// journalEntry is one record to replay: a referee input or a chouette entry.
type journalEntry struct {
	input    *referee.Input
	chouette *ChouetteEntry
}

// readJournal reads the match header and the inputs journalled; a new
// journal gets the header of Options.Match.
func (b *Board) readJournal() ([]journalEntry, error) {
	var inputs []journalEntry
	for seq, payload := range b.journal.Records() {
		if err := b.readRecord(seq, payload, &inputs); err != nil {
			return nil, err
		}
	}
	if b.header.Board == "" {
		b.header = b.opts.Match
		if err := b.append(journalRecord{Match: &b.header}); err != nil {
			return nil, err
		}
	}
	return inputs, nil
}

// readRecord reads one journal record.
func (b *Board) readRecord(seq uint64, payload []byte, inputs *[]journalEntry) error {
	var r journalRecord
	if err := json.Unmarshal(payload, &r); err != nil {
		return fmt.Errorf("journal record %d: %w", seq, err)
	}
	switch {
	case r.Match != nil && b.header.Board == "":
		b.header = *r.Match
	case r.Input != nil && b.header.Board != "":
		if err := r.Input.Validate(); err != nil {
			return fmt.Errorf("journal record %d: %w", seq, err)
		}
		*inputs = append(*inputs, journalEntry{input: r.Input})
		if !r.Outside {
			b.replayed++
		}
	case r.Chouette != nil && b.header.Board != "":
		*inputs = append(*inputs, journalEntry{chouette: r.Chouette})
	default:
		return fmt.Errorf("journal record %d: want the match header first, then inputs: %s", seq, payload)
	}
	return nil
}

// replay applies the journalled inputs, rebuilding the referee's state and
// the record.
func (b *Board) replay(inputs []journalEntry) error {
	b.replaying = true
	for _, r := range inputs {
		if r.chouette != nil {
			if err := b.session.apply(r.chouette); err != nil {
				b.log.Warn("journal: a chouette entry the books refuse", "err", err)
			}
			continue
		}
		b.clock.Set(r.input.At)
		b.ref.Apply(*r.input)
		b.resumeAt = r.input.At
		b.ended = r.input.Kind == referee.InputEnd
	}
	b.replaying = false
	if len(inputs) > 0 {
		b.log.Info("journal replayed", "inputs", len(inputs), "events", b.page.count(), "until", b.resumeAt)
	}
	b.showStatus()
	return b.err
}

// append journals one record.
func (b *Board) append(r journalRecord) error {
	p, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	if _, err := b.journal.Append(p); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	return nil
}

// deliver journals an input from the board's source, then gives it to the
// referee. An input a replayed source gives again, already in the journal,
// is skipped. After a journal error nothing more reaches the referee: Run
// stops with the error.
func (b *Board) deliver(in referee.Input) {
	if b.skip > 0 {
		b.skip--
		return
	}
	b.err = b.apply(journalRecord{Input: &in})
}

// apply journals an input, then gives it to the referee; an input that
// cannot be journalled is not acted on, for a power cut would lose it.
func (b *Board) apply(r journalRecord) error {
	if b.err != nil {
		return b.err
	}
	if err := b.append(r); err != nil {
		return err
	}
	b.ref.Apply(*r.Input)
	b.delivered = true
	return nil
}

// input journals and applies an input from outside the board's source (a
// press's roll, the director's ruling, the clock), and shows the outcome.
func (b *Board) input(in referee.Input) error {
	b.clock.Set(in.At)
	if err := b.apply(journalRecord{Input: &in, Outside: true}); err != nil {
		b.err = err
		return err
	}
	b.showStatus()
	return nil
}
