package web

import (
	"net"
	"os"
	"testing"
)

func TestPageURL(t *testing.T) {
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	for addr, want := range map[string]string{
		"":               "",
		"8080":           "",
		"localhost:8080": "http://localhost:8080/",
		"[::1]:8080":     "http://[::1]:8080/",
		":8080":          "http://" + net.JoinHostPort(host, "8080") + "/",
	} {
		if got := PageURL(addr); got != want {
			t.Errorf("PageURL(%q) = %q, want %q", addr, got, want)
		}
	}
}
