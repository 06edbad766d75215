package web

import (
	"net"
	"net/netip"
	"sync"
)

// streamSlots counts the open event streams, in all and per client: a
// client that holds many streams open must not take every slot from the
// other spectators.
type streamSlots struct {
	mu        sync.Mutex
	max       int // in all
	perClient int
	open      int
	byClient  map[netip.Prefix]int
}

func newStreamSlots(max, perClient int) *streamSlots {
	return &streamSlots{max: max, perClient: perClient, byClient: map[netip.Prefix]int{}}
}

// slotRefusal says why a stream was refused a slot.
type slotRefusal int

const (
	slotTaken     slotRefusal = iota // the stream has its slot
	slotsFull                        // every slot is taken
	clientAtLimit                    // the client holds its share
)

// take gives the client at remoteAddr (http.Request.RemoteAddr) a slot,
// and the function that gives it back, unless it is refused.
func (s *streamSlots) take(remoteAddr string) (release func(), refused slotRefusal) {
	client := clientOf(remoteAddr)
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.byClient[client] >= s.perClient:
		return nil, clientAtLimit
	case s.open >= s.max:
		return nil, slotsFull
	}
	s.open++
	s.byClient[client]++
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.open--
		if s.byClient[client]--; s.byClient[client] == 0 {
			delete(s.byClient, client)
		}
	}, slotTaken
}

// clientOf names the client at a remote address: its IPv4 address, or
// the /64 network of its IPv6 address, which one host can fill with
// addresses of its own.
func clientOf(remoteAddr string) netip.Prefix {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		host = remoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Prefix{} // not an IP (a test's recorder): all such clients are one
	}
	ip = ip.Unmap().WithZone("")
	bits := 32
	if ip.Is6() {
		bits = 64
	}
	p, _ := ip.Prefix(bits)
	return p
}
