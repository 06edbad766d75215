package web

import (
	"net"
	"os"
	"strconv"

	"gammond/check"
)

// Config is the [web] section of gammond's config file: the live page and
// the director's API.
type Config struct {
	Listen        string `toml:"listen"`
	DirectorToken string `toml:"director_token"` // Empty: director actions are off.
	// Hosts are the names, besides localhost, the machine's host name and
	// its IP addresses, that the page is reached by (Options.Hosts).
	Hosts []string `toml:"hosts"`
}

// DefaultConfig serves the page on every address, port 8080, by the
// machine's own names only, with director actions off.
func DefaultConfig() Config { return Config{Listen: ":8080", Hosts: []string{}} }

// Check reports an address that is not host:port, and a token too weak
// to keep a guesser out (CheckToken).
func (c *Config) Check(p *check.Problems) {
	_, port, err := net.SplitHostPort(c.Listen)
	if err == nil {
		_, err = strconv.ParseUint(port, 10, 16)
	}
	p.Check("listen", err == nil, "%q: want host:port or :port, such as \":8080\"", c.Listen)
	for _, h := range c.Hosts {
		p.Error("hosts", CheckHostName(h))
	}
	if c.DirectorToken != "" {
		if err := CheckToken(c.DirectorToken); err != nil {
			p.Add("director_token", "%v; or leave it empty to turn director actions off", err)
		}
	}
}

// PageURL is the page served at addr as another machine links to it (the
// director's desk): an address with no host gets this machine's name. It
// is "" for no address, or one it cannot make a URL of.
func PageURL(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || addr == "" {
		return ""
	}
	if host == "" {
		if host, err = os.Hostname(); err != nil {
			return ""
		}
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}
