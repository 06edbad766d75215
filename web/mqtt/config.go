package mqtt

import (
	"net/url"
	"slices"

	"gammond/check"
)

// Config is the [mqtt] section of gammond's config file: the director's
// desk's broker.
type Config struct {
	Broker string `toml:"broker"` // Empty: no MQTT.
}

// Check reports a broker that is not a URL of a scheme the client speaks.
func (c *Config) Check(p *check.Problems) {
	if c.Broker == "" {
		return
	}
	u, err := url.Parse(c.Broker)
	ok := err == nil && u.Host != "" && slices.Contains([]string{"tcp", "ssl", "ws", "wss", "mqtt", "mqtts"}, u.Scheme)
	p.Check("broker", ok, "%q: want a URL such as tcp://desk.local:1883 (tcp, ssl, ws, wss, mqtt or mqtts)", c.Broker)
}
