package mqtt_test

import (
	"bytes"
	"context"
	"log"
	"time"

	"gammond/record"
	"gammond/referee"
	"gammond/web/mqtt"
)

// The daemon feeds a publisher from the referee's events: each event,
// numbered, the state after it, and the record at each game's end.
func ExampleNew() {
	players := [2]string{"Ann", "Bob"}
	pub, err := mqtt.New(&mqtt.Opts{
		Broker: "mqtt://td.local:1883", Board: "table-7", Page: "http://table-7.local:8080/",
		Players: players, QueueDir: "/var/lib/gammond/mqtt",
	})
	if err != nil {
		log.Fatal(err)
	}
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := pub.Close(ctx); err != nil {
			log.Print(err) // the events left wait in the queue for the next start
		}
	}()

	var (
		ref *referee.Referee // referee.New(match, clock, emit)
		tr  = record.NewTranscript(5, players)
		seq uint64
	)
	emit := func(e referee.Event) {
		tr.Event(e)
		seq++
		s := e.Summary()
		s.Seq = seq // the desk orders and deduplicates events by it
		if err := pub.Event(s); err != nil {
			log.Print(err)
		}
		if err := pub.State(ref.Status()); err != nil {
			log.Print(err)
		}
		if e.Kind == referee.GameOver || e.Kind == referee.MatchOver {
			var b bytes.Buffer
			if _, err := tr.Match().WriteTo(&b); err == nil {
				err = pub.Match(players, b.Bytes(), e.Kind == referee.MatchOver)
			}
			if err != nil {
				log.Print(err)
			}
		}
	}
	_ = emit
}
