package brokerconf

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"gammond/web/mqtt/mqtttest"
)

// room writes a room of three boards into a test directory, on a free
// port, and starts mosquitto with it.
func room(t *testing.T) (*Room, string) {
	t.Helper()
	r, err := Write(filepath.Join(t.TempDir(), "room"), &Opts{
		Boards: map[string]string{"table-1": "", "table-2": "10.0.0.12", "table-3": ""}, Port: mqtttest.FreePort(t)})
	if err != nil {
		t.Fatal(err)
	}
	b := mqtttest.StartConfigured(t, r.Conf, r.Port)
	return r, mqtttest.RawAddr(b.URL())
}

func password(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(data))
}

func dial(t *testing.T, addr, clientID, user, pw string) *mqtttest.Raw {
	t.Helper()
	c, err := mqtttest.DialRaw(addr, clientID, user, pw)
	if err != nil {
		t.Fatalf("%s: %v", user, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// TestRoomBroker: through the configuration written, against the real
// mosquitto: no anonymous client and no wrong password gets in; the desk
// reads every board; a board cannot publish as another, nor read, nor
// take another's session by its client ID.
func TestRoomBroker(t *testing.T) {
	r, addr := room(t)
	for _, who := range []struct{ user, pw string }{{"", ""}, {"table-1", "wrong"}, {DeskUser, password(t, r.BoardFiles["table-1"])}} {
		if c, err := mqtttest.DialRaw(addr, "gammond-x", who.user, who.pw); !errors.Is(err, mqtttest.ErrRefused) {
			if c != nil {
				c.Close()
			}
			t.Errorf("user %q, password %q: %v, want refused", who.user, who.pw, err)
		}
	}

	desk := dial(t, addr, "gammon-td", DeskUser, password(t, r.DeskFile))
	if ok, err := desk.Subscribe("gammond/#"); err != nil || !ok {
		t.Fatalf("the desk's subscription: %v %v", ok, err)
	}
	t1 := dial(t, addr, "gammond-table-1", "table-1", password(t, r.BoardFiles["table-1"]))
	t2 := dial(t, addr, "gammond-table-1", "table-2", password(t, r.BoardFiles["table-2"])) // table-1's client ID
	t1.Subscribe("gammond/#")

	publish := func(c *mqtttest.Raw, topic, msg string) {
		t.Helper()
		if err := c.Publish(topic, []byte(msg), false); err != nil {
			t.Fatalf("publishing %s: %v", msg, err)
		}
	}
	publish(t2, "gammond/table-1/state", "forged by table-2")
	publish(t2, "gammond/table-2/state", "table-2's own")
	publish(t1, "gammond/table-1/match", "table-1's own, after table-2 took its client ID")
	publish(t2, "gammond/table-2/other", "off the board's topics")
	publish(t2, "gammond/table-2/event", "table-2's event")
	var got []string
	for {
		topic, payload, err := desk.Next(2 * time.Second)
		if err != nil {
			break
		}
		got = append(got, topic+": "+string(payload))
	}
	want := []string{
		"gammond/table-2/state: table-2's own",
		"gammond/table-1/match: table-1's own, after table-2 took its client ID",
		"gammond/table-2/event: table-2's event",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the desk read\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if topic, payload, err := t1.Next(100 * time.Millisecond); err == nil {
		t.Errorf("table-1 read %s: %s", topic, payload)
	}
}

// TestWriteKeepsPasswords: writing the room again, grown by a board,
// keeps the passwords already given out.
func TestWriteKeepsPasswords(t *testing.T) {
	dir := t.TempDir()
	r1, err := Write(dir, &Opts{Boards: map[string]string{"table-1": ""}})
	if err != nil {
		t.Fatal(err)
	}
	r2, err := Write(dir, &Opts{Boards: map[string]string{"table-1": "", "table-2": ""}})
	if err != nil {
		t.Fatal(err)
	}
	if password(t, r1.BoardFiles["table-1"]) != password(t, r2.BoardFiles["table-1"]) || password(t, r1.DeskFile) != password(t, r2.DeskFile) {
		t.Error("a password changed")
	}
	for _, f := range []string{r2.BoardFiles["table-1"], r2.BoardFiles["table-2"], r2.DeskFile, filepath.Join(dir, "passwd")} {
		if fi, err := os.Stat(f); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v %v, want mode 0600", f, fi.Mode(), err)
		}
	}
	if len(password(t, r2.DeskFile)) < 26 {
		t.Errorf("desk password %q: want 130 random bits", password(t, r2.DeskFile))
	}
}

func TestWriteRefuses(t *testing.T) {
	for name, o := range map[string]*Opts{
		"no board":       {},
		"desk's account": {Boards: map[string]string{"desk": ""}},
		"cert alone":     {Boards: map[string]string{"t1": ""}, CertFile: "c.pem"},
		"bad board ID":   {Boards: map[string]string{"a/b": ""}},
	} {
		if _, err := Write(t.TempDir(), o); err == nil {
			t.Errorf("%s: written", name)
		}
	}
}

// TestRoomAnalyses: through the configuration written, against the real
// mosquitto: the desk publishes each board's analysis, retained, and the
// board reads its own, even connecting after it was published; a board
// reads no other board's analysis and cannot forge its own, and the desk
// can publish nothing else.
func TestRoomAnalyses(t *testing.T) {
	r, addr := room(t)
	desk := dial(t, addr, "gammon-td", DeskUser, password(t, r.DeskFile))
	for _, m := range []struct{ topic, msg string }{
		{"gammond/table-1/analysis", "table-1's analysis"},
		{"gammond/table-2/analysis", "table-2's analysis"},
		{"gammond/table-1/state", "a state forged by the desk"},
	} {
		if err := desk.Publish(m.topic, []byte(m.msg), true); err != nil {
			t.Fatalf("the desk publishing %s: %v", m.topic, err)
		}
	}
	t1 := dial(t, addr, "gammond-table-1", "table-1", password(t, r.BoardFiles["table-1"]))
	if err := t1.Publish("gammond/table-1/analysis", []byte("forged by table-1"), true); err != nil {
		t.Fatal(err)
	}
	if ok, err := t1.Subscribe("gammond/table-1/analysis"); err != nil || !ok {
		t.Fatalf("table-1's subscription to its analysis: %v %v", ok, err)
	}
	topic, payload, err := t1.Next(2 * time.Second)
	if got := topic + ": " + string(payload); err != nil || got != "gammond/table-1/analysis: table-1's analysis" {
		t.Errorf("table-1 read %q, %v; want its analysis, retained", got, err)
	}
	t1.Subscribe("gammond/table-2/analysis")
	t1.Subscribe("gammond/table-1/state")
	if topic, payload, err := t1.Next(500 * time.Millisecond); err == nil {
		t.Errorf("table-1 read %s: %s", topic, payload)
	}

	// The desk reads back what the broker kept: the boards' analyses alone.
	if ok, err := desk.Subscribe("gammond/#"); err != nil || !ok {
		t.Fatalf("the desk's subscription: %v %v", ok, err)
	}
	var got []string
	for {
		topic, payload, err := desk.Next(time.Second)
		if err != nil {
			break
		}
		got = append(got, topic+": "+string(payload))
	}
	slices.Sort(got)
	want := []string{"gammond/table-1/analysis: table-1's analysis", "gammond/table-2/analysis: table-2's analysis"}
	if !slices.Equal(got, want) {
		t.Errorf("retained at the broker:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
