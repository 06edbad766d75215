package mqtt

import (
	"gammond/check"
)

// Config is the [mqtt] section of gammond's config file: the director's
// desk's broker.
type Config struct {
	Broker string `toml:"broker"` // Empty: no MQTT.
}

// Check reports a broker ParseBroker refuses, or with a username or
// password in it (SignIn refuses those): a config that checks starts the
// publisher. A password is not echoed.
func (c *Config) Check(p *check.Problems) {
	if c.Broker == "" {
		return
	}
	u, err := ParseBroker(c.Broker)
	shown := c.Broker
	if err == nil {
		shown = u.Redacted()
	}
	p.Check("broker", err == nil && u.User == nil,
		"%q: want a URL such as tcp://desk.local:1883 (tcp, mqtt, ssl, tls, mqtts, ws or wss) with a host and no username or password", shown)
}
