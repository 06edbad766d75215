package main

import (
	"log/slog"
	"net"
	"os"
	"time"
)

// notifier tells systemd how the service is (sd_notify: Type=notify units,
// READY=1 once running, WATCHDOG=1 while healthy). Without NOTIFY_SOCKET
// (not started by systemd) it does nothing.
type notifier struct{ addr *net.UnixAddr }

func newNotifier() notifier {
	path := os.Getenv("NOTIFY_SOCKET")
	if path == "" {
		return notifier{}
	}
	if path[0] == '@' { // an abstract socket
		path = "\x00" + path[1:]
	}
	return notifier{addr: &net.UnixAddr{Name: path, Net: "unixgram"}}
}

// send sends one state line, e.g. "READY=1"; errors are the caller's to log.
func (n notifier) send(state string) error {
	if n.addr == nil {
		return nil
	}
	conn, err := net.DialUnix("unixgram", nil, n.addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.Write([]byte(state))
	return err
}

// alive returns the board's Alive hook: it pings the watchdog at most once
// a second while items keep coming, so a stalled scan stops the pings and
// systemd restarts the service.
func (n notifier) alive(log *slog.Logger) func() {
	var last time.Time
	return func() {
		if now := time.Now(); now.Sub(last) >= time.Second {
			if err := n.send("WATCHDOG=1"); err != nil {
				log.Warn("systemd watchdog", "err", err)
			}
			last = now
		}
	}
}
