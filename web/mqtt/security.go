package mqtt

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/url"
	"os"

	"github.com/eclipse/paho.golang/autopaho"
)

// Security is how a client signs in to the broker and checks that it is
// the broker: a tournament hall's network is not trusted. The zero value
// signs in anonymously and, on a TLS URL, trusts the system's CAs.
type Security struct {
	// Username signs the client in; "" for none.
	Username string
	// PasswordFile holds the password (one line; a final newline is not
	// part of it). Nobody but its owner may read it: group and others must
	// have no access. The password is never logged.
	PasswordFile string
	// CAFile holds the PEM certificates of the CAs that sign the broker's
	// certificate, for a TLS URL (mqtts://, tls://, ssl://, wss://); "" trusts
	// the system's.
	CAFile string
	// CertFile and KeyFile hold a client certificate and its key (PEM), for
	// a broker that asks for one; both or neither.
	CertFile, KeyFile string
}

// IsTLS reports whether a broker URL's scheme is one autopaho dials with TLS.
func IsTLS(u *url.URL) bool {
	switch u.Scheme {
	case "mqtts", "tls", "ssl", "wss":
		return true
	}
	return false
}

// SignIn is what a connection presents to the broker, read once from the
// Security's files.
type SignIn struct {
	username string
	password []byte
	tls      *tls.Config
}

// SignIn reads the files and checks the settings against the broker u:
// errors name the file or setting at fault.
func (s *Security) SignIn(u *url.URL) (SignIn, error) {
	var si SignIn
	if s.PasswordFile != "" && s.Username == "" {
		return si, errors.New("a password file without a username")
	}
	if u.User != nil {
		return si, fmt.Errorf("broker URL %s: give the username and password file in the settings, not in the URL", u.Redacted())
	}
	si.username = s.Username
	if s.PasswordFile != "" {
		password, err := readPassword(s.PasswordFile)
		if err != nil {
			return si, err
		}
		si.password = password
	}
	if !IsTLS(u) {
		if s.CAFile != "" || s.CertFile != "" || s.KeyFile != "" {
			return si, fmt.Errorf("broker URL %s is not TLS, but a CA or client certificate is given: use mqtts://", u.Redacted())
		}
		return si, nil
	}
	var err error
	si.tls, err = s.tlsConfig(u.Hostname())
	return si, err
}

// Apply sets a connection's credentials and TLS.
func (si *SignIn) Apply(cfg *autopaho.ClientConfig) {
	cfg.ConnectUsername, cfg.ConnectPassword, cfg.TlsCfg = si.username, si.password, si.tls
}

// readPassword reads a password file that only its owner can read.
func readPassword(name string) ([]byte, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, fmt.Errorf("password file: %w", err)
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		return nil, fmt.Errorf("password file %s: mode %04o lets others read it: chmod 600 %s", name, perm, name)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("password file: %w", err)
	}
	password := bytes.TrimSuffix(bytes.TrimSuffix(data, []byte("\n")), []byte("\r"))
	if len(password) == 0 {
		return nil, fmt.Errorf("password file %s is empty", name)
	}
	return password, nil
}

// tlsConfig checks the broker named host against the CA file (or the
// system's CAs) and presents the client certificate, if any.
func (s *Security) tlsConfig(host string) (*tls.Config, error) {
	c := &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	if s.CAFile != "" {
		pem, err := os.ReadFile(s.CAFile)
		if err != nil {
			return nil, fmt.Errorf("CA file: %w", err)
		}
		c.RootCAs = x509.NewCertPool()
		if !c.RootCAs.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("CA file %s: no PEM certificate in it", s.CAFile)
		}
	}
	if (s.CertFile == "") != (s.KeyFile == "") {
		return nil, errors.New("a client certificate needs both its certificate file and its key file")
	}
	if s.CertFile != "" {
		cert, err := tls.LoadX509KeyPair(s.CertFile, s.KeyFile)
		if err != nil {
			return nil, fmt.Errorf("client certificate: %w", err)
		}
		c.Certificates = []tls.Certificate{cert}
	}
	return c, nil
}
