package main

import (
	"net"
	"path/filepath"
	"testing"
)

func TestNotifierSendsToTheSocket(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notify")
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: path, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	t.Setenv("NOTIFY_SOCKET", path)
	if err := newNotifier().send("READY=1"); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	n, err := conn.Read(buf)
	if err != nil || string(buf[:n]) != "READY=1" {
		t.Fatalf("read %q, %v; want READY=1", buf[:n], err)
	}
}

func TestNotifierWithoutSystemd(t *testing.T) {
	t.Setenv("NOTIFY_SOCKET", "")
	if err := newNotifier().send("READY=1"); err != nil {
		t.Fatalf("without NOTIFY_SOCKET: %v, want nothing done", err)
	}
}
