package mqtt

import (
	"testing"
)

// FuzzParseTopic: a topic ParseTopic accepts is the one Topic makes of its
// board and kind, and its board passes CheckBoardID.
func FuzzParseTopic(f *testing.F) {
	for _, s := range []string{"gammond/table-1/state", "gammond/+/event", "gammond/t/match", "gammond//state", "gammond/a/b/state", "gammond/\x01/state", "other/t/state"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, topic string) {
		board, kind, err := ParseTopic(topic)
		if err != nil {
			return
		}
		if err := CheckBoardID(board); err != nil {
			t.Fatalf("ParseTopic(%q) gave board %q: %v", topic, board, err)
		}
		if Topic(board, kind) != topic {
			t.Fatalf("ParseTopic(%q) = %q, %q, whose topic is %q", topic, board, kind, Topic(board, kind))
		}
	})
}

// FuzzParseBroker: a broker URL ParseBroker accepts has a host and one of
// the schemes autopaho dials, and reads back the same from its String.
func FuzzParseBroker(f *testing.F) {
	for _, s := range []string{"mqtt://td.local:1883", "mqtts://[::1]:8883", "ws://desk/mqtt", "tls://u:p@h", "mqtt://:1883", "http://h", "mqtt://%zz", "tcp://h:port"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := ParseBroker(s)
		if err != nil {
			return
		}
		if u.Hostname() == "" {
			t.Fatalf("ParseBroker(%q) = %v: no host", s, u)
		}
		again, err := ParseBroker(u.String())
		if err != nil || again.Hostname() != u.Hostname() || again.Port() != u.Port() || IsTLS(again) != IsTLS(u) {
			t.Fatalf("ParseBroker(%q) = %v, which reads back as %v, %v", s, u, again, err)
		}
	})
}
