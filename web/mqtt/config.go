package mqtt

import (
	"gammond/check"
)

// Config is the [mqtt] section of gammond's config file: the director's
// desk's broker, and how the board signs in to it.
type Config struct {
	Broker string `toml:"broker"` // Empty: no MQTT.
	// ClientID names the board's session; "" is "gammond-" and the board ID.
	ClientID string `toml:"client_id"`
	// Username and PasswordFile sign in (see Security); the file readable
	// by its owner only.
	Username     string `toml:"username"`
	PasswordFile string `toml:"password_file"`
	// CAFile checks a TLS broker's certificate (mqtts://, tls://, ssl://,
	// wss://); CertFile and KeyFile are a client certificate.
	CAFile   string `toml:"ca_file"`
	CertFile string `toml:"cert_file"`
	KeyFile  string `toml:"key_file"`
}

// Security returns the section's sign-in settings.
func (c *Config) Security() Security {
	return Security{Username: c.Username, PasswordFile: c.PasswordFile, CAFile: c.CAFile, CertFile: c.CertFile, KeyFile: c.KeyFile}
}

// Check reports a broker URL the client does not speak, and sign-in
// settings that cannot work (a password file others can read, a CA for a
// plain broker, a certificate without its key): the files are read as the
// daemon will read them.
func (c *Config) Check(p *check.Problems) {
	if c.Broker == "" {
		p.Check("username", c.Username == "" && c.PasswordFile == "" && c.CAFile == "" && c.CertFile == "" && c.KeyFile == "",
			"set, but there is no broker")
		return
	}
	u, err := ParseBroker(c.Broker)
	if err != nil {
		p.Error("broker", err)
		return
	}
	if u.User != nil {
		p.Add("broker", "%s: give the username and password file as their own keys, not in the URL", u.Redacted())
		return
	}
	if c.PasswordFile != "" {
		_, err := readPassword(c.PasswordFile)
		p.Check("password_file", c.Username != "", "set without a username")
		p.Error("password_file", err)
	}
	certs := Security{CAFile: c.CAFile, CertFile: c.CertFile, KeyFile: c.KeyFile}
	key := "cert_file"
	if c.CAFile != "" {
		key = "ca_file"
	}
	_, err = certs.SignIn(u)
	p.Error(key, err)
}
