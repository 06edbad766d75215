package board

import (
	"fmt"

	"gammond/display/panel"
	"gammond/web"
	"gammond/web/mqtt"
)

// PanelOutput shows the match on the board's LEDs and displays.
func PanelOutput(p *panel.Panel) Output { return panelOutput{p} }

type panelOutput struct{ p *panel.Panel }

func (o panelOutput) String() string { return "the panel" }

// Begin implements Output.
func (panelOutput) Begin(*Begin) error { return nil }

// Event implements Output: the panel shows events through Show.
func (panelOutput) Event(*Event) error { return nil }

// Show implements Output.
func (o panelOutput) Show(s *Shown) error {
	if !s.Changed && !s.Tick {
		return nil
	}
	if err := o.p.Update(s.Panel); err != nil {
		return fmt.Errorf("display: %w", err)
	}
	return nil
}

// MQTTOutput publishes the match to the director's desk: the state, every
// event, and the record at each game's end and when the match is taken up
// again (after a restart the desk gets them anew).
func MQTTOutput(s mqtt.Sink) Output { return &mqttOutput{sink: s} }

type mqttOutput struct {
	sink    mqtt.Sink
	players [2]string
}

func (o *mqttOutput) String() string { return fmt.Sprint(o.sink) }

// playersSetter is a sink that carries the players' names in its states
// (*mqtt.Publisher).
type playersSetter interface{ SetPlayers([2]string) }

// sessionSetter is a sink that carries a money session's ledger and a
// chouette's standings in its states (*mqtt.Publisher).
type sessionSetter interface{ SetSession(*web.Session) }

// clocksSetter is a sink that carries the match clock in its states
// (*mqtt.Publisher).
type clocksSetter interface{ SetClocks(*web.Clocks) }

// Begin implements Output.
func (o *mqttOutput) Begin(m *Begin) error {
	o.players = m.Match.players()
	if p, ok := o.sink.(playersSetter); ok {
		p.SetPlayers(o.players)
	}
	if !m.Taken || m.Record == nil {
		return nil // an empty record would replace the desk's copy of the match
	}
	return o.match(m.Record, m.Over)
}

// Event implements Output: at a game's end the record goes before the
// event that ended it.
func (o *mqttOutput) Event(e *Event) error {
	if e.Record != nil {
		if err := o.match(e.Record, e.Over); err != nil {
			return err
		}
	}
	if err := o.sink.Event(e.Summary); err != nil {
		return fmt.Errorf("MQTT event: %w", err)
	}
	return nil
}

func (o *mqttOutput) match(record []byte, over bool) error {
	if err := o.sink.Match(o.players, record, over); err != nil {
		return fmt.Errorf("MQTT match: %w", err)
	}
	return nil
}

// Show implements Output: a new status or session, not a clock's tick.
func (o *mqttOutput) Show(s *Shown) error {
	if !s.Changed || s.Tick {
		return nil
	}
	if p, ok := o.sink.(sessionSetter); ok {
		p.SetSession(s.Session)
	}
	if p, ok := o.sink.(clocksSetter); ok {
		p.SetClocks(s.Clocks)
	}
	if players, ok := chouettePlayers(s.Session); ok {
		if p, ok := o.sink.(playersSetter); ok {
			p.SetPlayers(players) // the box and the acting captain, as on the page
		}
	}
	if err := o.sink.State(s.Status); err != nil {
		return fmt.Errorf("MQTT state: %w", err)
	}
	return nil
}
