package mqtt_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gammond/referee"
	"gammond/web/mqtt"
	"gammond/web/mqtt/mqtttest"
)

// delivered publishes a state and reports whether the broker acknowledged
// it before Close gave up: Close returns nil only once every message is
// acknowledged.
func delivered(t *testing.T, broker string, sec mqtt.Security) bool {
	t.Helper()
	p := securePublisher(t, broker, sec, mqtttest.Logger(t))
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	return p.Close(ctx) == nil
}

// refused publishes a state and reports whether the broker refused the
// publisher's sign-in (it logs "cannot connect") and acknowledged nothing
// during the retries that follow. Waiting for the refusal, not a fixed
// patience, keeps the test from idling.
func refused(t *testing.T, broker string, sec mqtt.Security) bool {
	t.Helper()
	failed := make(chan struct{}, 1)
	p := securePublisher(t, broker, sec, slog.New(failWatch{mqtttest.Logger(t).Handler(), failed}))
	select {
	case <-failed:
	case <-time.After(wait):
		t.Errorf("no failed connection logged after %v", wait)
	}
	// Three retries at the publisher's 100 ms: a sign-in the broker took
	// after all would deliver the state meanwhile.
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	return p.Close(ctx) != nil
}

// securePublisher returns a publisher signing in with sec that has
// published one state.
func securePublisher(t *testing.T, broker string, sec mqtt.Security, log *slog.Logger) *mqtt.Publisher {
	t.Helper()
	p, err := mqtt.New(&mqtt.Opts{Broker: broker, Board: "t7", QueueDir: t.TempDir(), Security: sec,
		RetryDelay: 100 * time.Millisecond, Timeout: 2 * time.Second, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.State(referee.Status{Phase: referee.PhaseRolling}); err != nil {
		t.Fatal(err)
	}
	return p
}

// failWatch passes records on to its handler and signals failed at the
// publisher's "cannot connect" record.
type failWatch struct {
	slog.Handler
	failed chan struct{}
}

func (w failWatch) Handle(ctx context.Context, r slog.Record) error {
	if strings.HasPrefix(r.Message, "mqtt: cannot connect") {
		select {
		case w.failed <- struct{}{}:
		default:
		}
	}
	return w.Handler.Handle(ctx, r)
}

func (w failWatch) WithAttrs(attrs []slog.Attr) slog.Handler {
	return failWatch{w.Handler.WithAttrs(attrs), w.failed}
}

func (w failWatch) WithGroup(name string) slog.Handler {
	return failWatch{w.Handler.WithGroup(name), w.failed}
}

func writeSecret(t *testing.T, password string, mode os.FileMode) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "mqtt-password")
	if err := os.WriteFile(name, []byte(password+"\n"), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(name, mode); err != nil { // no umask
		t.Fatal(err)
	}
	return name
}

func TestBrokerWithPassword(t *testing.T) {
	t.Parallel()
	b, _ := mqtttest.StartSecureBroker(t, mqtttest.SecureOpts{Users: map[string]string{"table-1": "s3cret pass"}})
	right := mqtt.Security{Username: "table-1", PasswordFile: writeSecret(t, "s3cret pass", 0o600)}
	if !delivered(t, b.URL(), right) {
		t.Fatalf("the right password: nothing delivered\n%s", b.Log())
	}
	wrong := mqtt.Security{Username: "table-1", PasswordFile: writeSecret(t, "guess", 0o600)}
	if !refused(t, b.URL(), wrong) {
		t.Error("a wrong password: delivered")
	}
	if !refused(t, b.URL(), mqtt.Security{}) {
		t.Error("no password: delivered")
	}
}

func TestBrokerWithTLS(t *testing.T) {
	t.Parallel()
	b, certs := mqtttest.StartSecureBroker(t, mqtttest.SecureOpts{TLS: true})
	if !strings.HasPrefix(b.URL(), "mqtts://") {
		t.Fatalf("URL %s", b.URL())
	}
	if !delivered(t, b.URL(), mqtt.Security{CAFile: certs.CAFile}) {
		t.Fatalf("with the broker's CA: nothing delivered\n%s", b.Log())
	}
	if !refused(t, b.URL(), mqtt.Security{}) {
		t.Error("a broker certificate from an unknown CA was trusted")
	}
}

func TestBrokerWantsClientCertificate(t *testing.T) {
	t.Parallel()
	b, certs := mqtttest.StartSecureBroker(t, mqtttest.SecureOpts{TLS: true, ClientCert: true,
		Users: map[string]string{"table-1": "pw"}})
	sec := mqtt.Security{Username: "table-1", PasswordFile: writeSecret(t, "pw", 0o400), CAFile: certs.CAFile}
	if !refused(t, b.URL(), sec) {
		t.Error("delivered without the client certificate the broker asks for")
	}
	sec.CertFile, sec.KeyFile = certs.CertFile, certs.KeyFile
	if !delivered(t, b.URL(), sec) {
		t.Fatalf("with the client certificate: nothing delivered\n%s", b.Log())
	}
}

// TestSecuritySettings: settings that cannot work are refused when the
// publisher is made, naming what is wrong, and never showing the password.
func TestSecuritySettings(t *testing.T) {
	const password = "hunter2-secret"
	open := writeSecret(t, password, 0o644)
	for _, tc := range []struct {
		name, broker string
		sec          mqtt.Security
		want         string
	}{
		{"password readable by others", "mqtt://127.0.0.1:1", mqtt.Security{Username: "u", PasswordFile: open}, "chmod 600"},
		{"missing password file", "mqtt://127.0.0.1:1", mqtt.Security{Username: "u", PasswordFile: "/nonexistent/pw"}, "password file"},
		{"password without a user", "mqtt://127.0.0.1:1", mqtt.Security{PasswordFile: writeSecret(t, password, 0o600)}, "without a username"},
		{"user in the URL", "mqtt://u:" + password + "@127.0.0.1:1", mqtt.Security{}, "not in the URL"},
		{"CA for a plain broker", "mqtt://127.0.0.1:1", mqtt.Security{CAFile: open}, "use mqtts://"},
		{"CA file that holds no certificate", "mqtts://127.0.0.1:1", mqtt.Security{CAFile: open}, "no PEM certificate"},
		{"certificate without its key", "mqtts://127.0.0.1:1", mqtt.Security{CertFile: open}, "both"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := mqtt.New(&mqtt.Opts{Broker: tc.broker, Board: "t7", QueueDir: t.TempDir(), Security: tc.sec})
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), password) {
				t.Errorf("New: %v; want an error saying %q, without the password", err, tc.want)
			}
		})
	}
}

// TestSessionTakenOver: a second publisher with the first's client ID (two
// boards left at one board ID) takes its session over; the drops are told,
// they slow down instead of storming, and the publishers' states carry
// different instances for the desk to tell them apart.
func TestSessionTakenOver(t *testing.T) {
	t.Parallel()
	b := mqtttest.StartBroker(t, false)
	live := subscribe(t, b.URL(), "live", "gammond/+/state")
	taken := make(chan mqtt.Dropped, 1024)
	newBoard := func() *mqtt.Publisher {
		p, err := mqtt.New(&mqtt.Opts{Broker: b.URL(), Board: "t7", QueueDir: t.TempDir(), RetryDelay: 100 * time.Millisecond,
			Timeout: 2 * time.Second, Logger: mqtttest.Logger(t), OnDropped: func(to mqtt.Dropped) {
				select {
				case taken <- to:
				default:
				}
			}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			p.Close(ctx)
		})
		return p
	}
	first := newBoard()
	first.State(referee.Status{Phase: referee.PhaseRolling})
	var s1 mqtt.State
	decode(t, live.next(t, "gammond/t7/state"), &s1)
	second := newBoard()
	second.State(referee.Status{Phase: referee.PhaseMoving})
	select {
	case to := <-taken:
		if to.ClientID != "gammond-t7" || to.InARow != 1 || to.Wait < time.Second {
			t.Errorf("told %+v, want the client ID, the first in a row, a wait of a second or more", to)
		}
	case <-time.After(wait):
		t.Fatalf("no drop told after %v", wait)
	}
	for {
		var s2 mqtt.State
		decode(t, live.next(t, "gammond/t7/state"), &s2)
		if s2.Phase == referee.PhaseMoving {
			if s1.Instance == "" || s2.Instance == s1.Instance {
				t.Errorf("instances %q and %q: want two, different", s1.Instance, s2.Instance)
			}
			break
		}
	}
	// Unguarded, the two reconnect thousands of times in the first second.
	if n := len(taken); n > 4 {
		t.Errorf("%d more drops told by now: a storm", n)
	}
}

// TestNoEmptyRecord: an empty match record is refused, never published
// retained over the desk's copy of the match.
func TestNoEmptyRecord(t *testing.T) {
	p, err := mqtt.New(&mqtt.Opts{Broker: "mqtt://127.0.0.1:1", Board: "t7", QueueDir: t.TempDir(), Logger: mqtttest.Logger(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
		defer cancel()
		p.Close(ctx)
	}()
	if err := p.Match([2]string{"Ann", "Bob"}, nil, false); err == nil || !strings.Contains(err.Error(), "empty match record") {
		t.Errorf("Match with an empty record: %v, want it refused", err)
	}
}

// TestBrokerErrorsHideThePassword: a broker URL refused for any reason is
// quoted without the password it carries.
func TestBrokerErrorsHideThePassword(t *testing.T) {
	for _, broker := range []string{"mqtt://u:hunter2@:1883", "http://u:hunter2@desk:1883", "mqtt://u:hunter2@desk:1883/%zz"} {
		_, err := mqtt.ParseBroker(broker)
		if err == nil || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("ParseBroker(%q): %v; want an error without the password", broker, err)
		}
	}
}
