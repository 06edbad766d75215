package web

import (
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"
)

// TestHostChecked: the board answers requests that name it, and refuses
// those naming another site (DNS rebinding), director's actions included.
func TestHostChecked(t *testing.T) {
	hostname, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	b := newFakeBoard(playing())
	_, base := startServer(t, b, Options{DirectorToken: testToken, Hosts: []string{"table-1.club.example"}})
	request := func(method, path, host string) (*http.Response, string) {
		t.Helper()
		req, err := http.NewRequest(method, base+path, strings.NewReader(`{"white":"Ann","black":"Bob","length":3}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		req.Header.Set("Authorization", "Bearer "+testToken)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var e struct{ Error string }
		json.NewDecoder(res.Body).Decode(&e)
		return res, e.Error
	}
	for _, host := range []string{"localhost:8080", "LOCALHOST", "127.0.0.1:8080", "[::1]:8080", "10.0.0.7",
		"table-1.club.example", "Table-1.Club.Example.:80", hostname, hostname + ":8080"} {
		if res, reason := request(http.MethodGet, "/api/status", host); res.StatusCode != http.StatusOK {
			t.Errorf("Host %q: %s %q, want 200", host, res.Status, reason)
		}
	}
	for _, host := range []string{"attacker.example", "attacker.example:8080", "localhost.attacker.example",
		"table-1.club.example.attacker.example", "10.0.0.7.nip.io", hostname + ".attacker.example"} {
		for _, req := range [][2]string{{http.MethodGet, "/api/status"}, {http.MethodGet, "/"}, {http.MethodPost, "/api/td/match"}} {
			res, reason := request(req[0], req[1], host)
			if res.StatusCode != http.StatusMisdirectedRequest || !strings.Contains(reason, "[web] hosts") {
				t.Errorf("%s %s for Host %q: %s %q, want 421 saying how to add the name", req[0], req[1], host, res.Status, reason)
			}
			if res.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("the refusal has no nosniff")
			}
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.acts) != 0 {
		t.Errorf("the board acted on a refused request: %v", b.acts)
	}
}

func TestCheckHostName(t *testing.T) {
	for name, ok := range map[string]bool{
		"table-1": true, "table-1.club.example": true, "Table-1.Local.": true, "xn--bcher-kva.example": true,
		"": false, "table-1:8080": false, "-table": false, "table-": false, "a..b": false, "*.club.example": false,
		"table 1": false, "http://table-1/": false, strings.Repeat("a", 64) + ".example": false,
	} {
		if err := CheckHostName(name); (err == nil) != ok {
			t.Errorf("CheckHostName(%q) = %v, want ok %v", name, err, ok)
		}
	}
}
