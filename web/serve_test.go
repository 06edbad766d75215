package web

import (
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"testing"

	"gammond/engine"
)

func TestServe(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	quiet := Options{Logger: slog.New(slog.DiscardHandler)}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := Serve(ctx, addr, newFakeBoard(Status{Seq: 3, Rules: engine.RulesDanish}), quiet); err != nil {
		t.Fatal(err)
	}
	if err := Serve(ctx, addr, newFakeBoard(Status{}), quiet); err == nil {
		t.Error("a second Serve on the same address: no error")
	}
	resp, err := http.Get("http://" + addr + "/api/status")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var s struct {
		Seq   uint64         `json:"seq"`
		Rules engine.RuleSet `json:"rules"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil || s.Seq != 3 || s.Rules != engine.RulesDanish {
		t.Errorf("status %+v, %v: want seq 3, Danish rules", s, err)
	}
}
