package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gammond/web/mqtt"
)

// FuzzLoad feeds any file to Load: it must not panic; every line of an
// error starts with the file name, and a config it accepts passes
// Validate.
func FuzzLoad(f *testing.F) {
	example, err := os.ReadFile("../../systemd/gammond.toml")
	if err != nil {
		f.Fatal(err)
	}
	// The example a section a seed: the fuzzer minimizes each new input,
	// up to a minute, and a whole file would keep it minimizing.
	for _, section := range sections(string(example)) {
		f.Add(section)
	}
	for _, s := range []string{
		"", "board_id = \"club-3\"\n[scan]\ngpio_chip = \"pinctrl-rp1\"\nmux_lines = [\"GPIO5\", \"GPIO6\", 13, 26]\n[leds]\nkind = \"ws2812\"\n",
		"[scan]\nrat = 100\n", "[scan\nrate = 100\n", "[buttons.black]\nroll = 2.5\n", "[buttons.white]\ndone = 0x1_0000_0000\n",
		"[match]\nclock = \"us\"\nclock_delay = \"-1s\"\n", "[display]\ndigits = [0, 1, 1, 4]\n", "[scan]\nrate = 0\n[match]\nrules = \"uk\"\n",
	} {
		f.Add(s)
	}
	path := filepath.Join(f.TempDir(), "gammond.toml")
	f.Fuzz(func(t *testing.T, text string) {
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		c, err := Load(path)
		if err != nil {
			for _, l := range strings.Split(err.Error(), "\n") {
				if !strings.HasPrefix(l, path+":") {
					t.Fatalf("error line %q does not start with the file name", l)
				}
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("Load accepted a config Validate refuses: %v", err)
		}
	})
}

// sections returns a TOML text's top-level keys and each table, without
// comments and blank lines.
func sections(text string) []string {
	var out []string
	var cur strings.Builder
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "[") && cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
		if t != "" && !strings.HasPrefix(t, "#") {
			cur.WriteString(l + "\n")
		}
	}
	return append(out, cur.String())
}

// FuzzBrokerAgreesWithMQTT: -check-config accepts a broker URL exactly when
// the MQTT publisher the daemon starts with it does, so that a config that
// checks never stops the daemon at its start.
func FuzzBrokerAgreesWithMQTT(f *testing.F) {
	for _, s := range []string{"tcp://desk.local:1883", "mqtts://[::1]:8883", "tls://desk:8883", "mqtt://:1883", "mqtt://u:p@desk", "http://desk", "ws://desk/mqtt"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, broker string) {
		if broker == "" {
			return // no MQTT at all
		}
		c := DefaultConfig()
		c.MQTT.Broker = broker
		checked := c.Validate() == nil
		u, err := mqtt.ParseBroker(broker)
		if err == nil {
			_, err = (&mqtt.Security{}).SignIn(u)
		}
		if checked != (err == nil) {
			t.Fatalf("broker %q: config check passes %v, the publisher says %v", broker, checked, err)
		}
	})
}

// TestBrokerCheckedAsThePublisherDoes holds what FuzzBrokerAgreesWithMQTT
// found: -check-config passed brokers the publisher refuses at the start
// (no host; a password in the URL, which it also echoed) and refused tls://.
func TestBrokerCheckedAsThePublisherDoes(t *testing.T) {
	for _, tc := range []struct {
		broker string
		ok     bool
	}{
		{"mqtt://:1883", false},
		{"mqtt://board:s3cret@desk:1883", false},
		{"tls://desk:8883", true},
		{"mqtts://desk", true},
	} {
		c := DefaultConfig()
		c.MQTT.Broker = tc.broker
		err := c.Validate()
		if (err == nil) != tc.ok || err != nil && (!strings.Contains(err.Error(), "mqtt.broker") || strings.Contains(err.Error(), "s3cret")) {
			t.Errorf("broker %q: Validate = %v; want ok %v, an error naming mqtt.broker without the password", tc.broker, err, tc.ok)
		}
	}
}

// TestLoadErrorQuotingANewline holds what FuzzLoad found: the TOML
// decoder's message quotes the file's text, a newline included, which made
// a second line without the file name.
func TestLoadErrorQuotingANewline(t *testing.T) {
	path := writeConfig(t, "0=0b\n0")
	_, err := Load(path)
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), path+":1: ") || !strings.Contains(err.Error(), `'0b\n'`) {
		t.Fatalf("Load = %v; want one line starting %q, the newline escaped", err, path+":1: ")
	}
}
