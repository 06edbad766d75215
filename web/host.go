package web

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
)

// hostNames is the set of names the board answers to in a request's Host
// header: a page on another site whose name an attacker points at the
// board (DNS rebinding) sends its own name, and is refused, so that it
// cannot read the board's API or act on it with the page's rights.
type hostNames map[string]bool

// newHostNames returns the names the board answers to: localhost, the
// machine's host name and its mDNS name (NAME.local), and extra (the
// [web] hosts names). An IP address is always accepted (allowed): a
// browser sends one only when it was given the address itself.
func newHostNames(extra []string) hostNames {
	names := hostNames{"localhost": true}
	if h, err := os.Hostname(); err == nil && h != "" {
		h = canonicalHost(h)
		names[h] = true
		if !strings.Contains(h, ".") {
			names[h+".local"] = true
		}
	}
	for _, n := range extra {
		names[canonicalHost(n)] = true
	}
	return names
}

// canonicalHost returns the name in a Host header without its port, its
// IPv6 brackets and a final dot, in lower case.
func canonicalHost(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return strings.ToLower(strings.TrimSuffix(host, "."))
}

// allowed reports whether the board answers to a Host header. An empty
// one (HTTP/1.0) comes from no browser.
func (n hostNames) allowed(host string) bool {
	h := canonicalHost(host)
	return host == "" || n[h] || net.ParseIP(h) != nil
}

// refuseHost answers a request for a name the board does not have.
func refuseHost(w http.ResponseWriter, host string) {
	writeError(w, http.StatusMisdirectedRequest, fmt.Sprintf(
		"this board does not answer to the name %q: reach it by its address or host name, or add the name to [web] hosts in its config", canonicalHost(host)))
}

// CheckHostName says what is wrong with a name for [web] hosts: a DNS
// name, letters, digits, '-' and '.', without a port.
func CheckHostName(name string) error {
	if name == "" || len(name) > 253 {
		return fmt.Errorf("%q: want a host name of 1 to 253 characters", name)
	}
	for _, label := range strings.Split(strings.TrimSuffix(name, "."), ".") {
		if label == "" || len(label) > 63 || strings.HasPrefix(label, "-") || strings.HasSuffix(label, "-") ||
			strings.Trim(strings.ToLower(label), "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
			return fmt.Errorf("%q: want a host name such as \"table-1.club.example\" (letters, digits, '-' and '.', no port)", name)
		}
	}
	return nil
}
