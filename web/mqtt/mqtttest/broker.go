// Package mqtttest helps test MQTT on one machine: a mosquitto broker on a
// loopback port, and a simulated board that replays a recorded trace to a
// publisher as the daemon would.
package mqtttest

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"gammond/internal/testmain"
)

// startTimeout bounds the wait for the broker to accept connections, and
// for it to exit once told to.
const startTimeout = 10 * time.Second

// Mosquitto returns the path of the mosquitto broker: on PATH or in
// /usr/sbin, where Debian installs it (not on a user's PATH).
func Mosquitto() (string, error) {
	if p, err := exec.LookPath("mosquitto"); err == nil {
		return p, nil
	}
	const debian = "/usr/sbin/mosquitto"
	if _, err := os.Stat(debian); err != nil {
		return "", errors.New("mosquitto is not installed (apt-get install mosquitto)")
	}
	return debian, nil
}

// Broker is a mosquitto process listening on 127.0.0.1 only.
type Broker struct {
	t      testing.TB
	bin    string
	dir    string
	addr   string
	secure *Secure // nil for an open, plain broker
	cmd    *exec.Cmd
	done   chan struct{} // closed when cmd has exited
}

// StartBroker starts mosquitto on a free loopback port, and stops it when
// the test ends. Persistent keeps sessions and their queued messages across
// Stop and Start, as a broker at a tournament would. The test is skipped if
// mosquitto is not installed, failed when CI runs (testmain.NeedPeer).
func StartBroker(t testing.TB, persistent bool) *Broker {
	t.Helper()
	return startBroker(t, persistent, nil)
}

func startBroker(t testing.TB, persistent bool, secure *Secure) *Broker {
	t.Helper()
	bin, err := Mosquitto()
	testmain.NeedPeer(t, "mosquitto", err)
	b := &Broker{t: t, bin: bin, dir: t.TempDir(), addr: freeAddr(t), secure: secure}
	if err := b.writeConf(persistent); err != nil {
		t.Fatal(err)
	}
	b.Start()
	t.Cleanup(b.Stop)
	return b
}

// freeAddr returns a loopback address with a port free a moment ago.
func freeAddr(t testing.TB) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func (b *Broker) writeConf(persistent bool) error {
	_, port, _ := net.SplitHostPort(b.addr)
	conf := []string{
		"listener " + port + " 127.0.0.1",
		"log_dest stderr",
		fmt.Sprintf("persistence %t", persistent),
		"persistence_location " + b.dir + "/",
	}
	if b.secure == nil {
		conf = append(conf, "allow_anonymous true")
	} else {
		conf = append(conf, b.secure.conf...)
	}
	if os.Getuid() == 0 {
		// As root mosquitto would become user mosquitto, who cannot write
		// into the test's directory.
		conf = append(conf, "user root")
	}
	return os.WriteFile(filepath.Join(b.dir, "mosquitto.conf"), []byte(strings.Join(conf, "\n")+"\n"), 0o644)
}

// URL is the broker's address for a client: mqtt://127.0.0.1:PORT, or
// mqtts:// for a broker with TLS.
func (b *Broker) URL() string {
	if b.secure != nil && b.secure.CAFile != "" {
		return "mqtts://" + b.addr
	}
	return "mqtt://" + b.addr
}

// Start starts the broker, again after Stop, on the same port, and waits
// until it accepts connections.
func (b *Broker) Start() {
	b.t.Helper()
	logf, err := os.OpenFile(filepath.Join(b.dir, "mosquitto.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		b.t.Fatal(err)
	}
	b.cmd = exec.Command(b.bin, "-c", filepath.Join(b.dir, "mosquitto.conf"))
	b.cmd.Stdout, b.cmd.Stderr = logf, logf
	if err := b.cmd.Start(); err != nil {
		logf.Close()
		b.t.Fatalf("starting %s: %v", b.bin, err)
	}
	b.done = make(chan struct{})
	go func(cmd *exec.Cmd) {
		cmd.Wait()
		logf.Close()
		close(b.done)
	}(b.cmd)
	if err := b.awaitListening(); err != nil {
		b.Stop()
		b.t.Fatalf("mosquitto on %s: %v\n%s", b.addr, err, b.Log())
	}
}

// awaitListening polls the port until the broker accepts a connection.
func (b *Broker) awaitListening() error {
	deadline := time.Now().Add(startTimeout)
	for time.Now().Before(deadline) {
		select {
		case <-b.done:
			return errors.New("exited")
		default:
		}
		if c, err := net.DialTimeout("tcp", b.addr, time.Second); err == nil {
			return c.Close()
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("not listening after %v", startTimeout)
}

// Stop stops the broker (SIGTERM: a persistent one saves its sessions) and
// waits for it to exit; a broker still running after 10 s is killed.
func (b *Broker) Stop() {
	if b.cmd == nil {
		return
	}
	b.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-b.done:
	case <-time.After(startTimeout):
		b.cmd.Process.Kill()
		<-b.done
	}
	b.cmd = nil
}

// Log returns what the broker has logged so far.
func (b *Broker) Log() string {
	out, err := os.ReadFile(filepath.Join(b.dir, "mosquitto.log"))
	if err != nil {
		return err.Error()
	}
	return string(out)
}

// Logger returns a logger that writes to the test's log until the test ends,
// and drops what comes later from goroutines still stopping.
func Logger(t testing.TB) *slog.Logger {
	w := &testWriter{t: t}
	t.Cleanup(func() {
		w.mu.Lock()
		w.done = true
		w.mu.Unlock()
	})
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

type testWriter struct {
	t    testing.TB
	mu   sync.Mutex
	done bool
}

func (w *testWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.done {
		w.t.Log(strings.TrimSuffix(string(p), "\n"))
	}
	return len(p), nil
}

// FreePort returns a loopback port free a moment ago, for a broker
// configuration a test writes.
func FreePort(t testing.TB) int {
	_, port, _ := net.SplitHostPort(freeAddr(t))
	n, _ := strconv.Atoi(port)
	return n
}

// StartConfigured starts mosquitto with the configuration file conf,
// whose listener is on port, and stops it when the test ends. Run as
// root, mosquitto stays root: it would otherwise become user mosquitto,
// who cannot read the test's files. Without mosquitto the test is
// skipped, or fails under CI (CI=true).
func StartConfigured(t testing.TB, conf string, port int) *Broker {
	t.Helper()
	bin, err := Mosquitto()
	if err != nil && os.Getenv("CI") == "true" {
		t.Fatal(err)
	}
	if err != nil {
		t.Skip(err)
	}
	data, err := os.ReadFile(conf)
	if err != nil {
		t.Fatal(err)
	}
	if os.Getuid() == 0 {
		data = append(data, "user root\n"...)
	}
	b := &Broker{t: t, bin: bin, dir: t.TempDir(), addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port))}
	if err := os.WriteFile(filepath.Join(b.dir, "mosquitto.conf"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	b.Start()
	t.Cleanup(b.Stop)
	return b
}
