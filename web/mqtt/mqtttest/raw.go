package mqtttest

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"time"
)

// Raw is a bare MQTT 3.1.1 client, as an attacker on the hall's network
// would write one: it sends what it is told, as fast as it is told,
// without any of a library's care. Tests attack the desk with it through a
// real broker.
type Raw struct {
	conn net.Conn
	r    *bufio.Reader
	id   uint16
}

// rawTimeout bounds each exchange with the broker.
const rawTimeout = 10 * time.Second

// ErrRefused is DialRaw's error when the broker refuses the connection:
// a wrong password, or an anonymous client where none is allowed.
var ErrRefused = errors.New("mqtt: connection refused")

// DialRaw connects to the broker at addr (host:port) with a clean session;
// user "" connects anonymously.
func DialRaw(addr, clientID, user, password string) (*Raw, error) {
	conn, err := net.DialTimeout("tcp", addr, rawTimeout)
	if err != nil {
		return nil, err
	}
	c := &Raw{conn: conn, r: bufio.NewReader(conn)}
	flags := byte(0x02) // clean session
	payload := mqttString(clientID)
	if user != "" {
		flags |= 0xc0
		payload = append(append(payload, mqttString(user)...), mqttString(password)...)
	}
	body := append(append(mqttString("MQTT"), 4, flags, 0, 60), payload...)
	if err := c.send(0x10, body); err != nil {
		conn.Close()
		return nil, err
	}
	kind, ack, err := c.read()
	switch {
	case err != nil:
		conn.Close()
		return nil, err
	case kind != 0x20 || len(ack) != 2:
		conn.Close()
		return nil, fmt.Errorf("mqtt: packet %#x instead of CONNACK", kind)
	case ack[1] != 0:
		conn.Close()
		return nil, fmt.Errorf("%w: return code %d", ErrRefused, ack[1])
	}
	return c, nil
}

// RawAddr is the host:port of a broker URL mqtt://host:port.
func RawAddr(url string) string { return strings.TrimPrefix(url, "mqtt://") }

// Close disconnects.
func (c *Raw) Close() error {
	c.send(0xe0, nil)
	return c.conn.Close()
}

// Publish sends a QoS 1 message and waits for the broker's PUBACK. An MQTT
// 3.1.1 broker acknowledges a message its ACL drops all the same: whether
// it went out is for a subscriber to tell.
func (c *Raw) Publish(topic string, payload []byte, retain bool) error {
	c.id++
	if c.id == 0 {
		c.id = 1
	}
	header := byte(0x32)
	if retain {
		header |= 1
	}
	body := append(mqttString(topic), byte(c.id>>8), byte(c.id))
	if err := c.send(header, append(body, payload...)); err != nil {
		return err
	}
	for {
		kind, ack, err := c.read()
		if err != nil {
			return err
		}
		if kind == 0x40 && len(ack) == 2 && binary.BigEndian.Uint16(ack) == c.id {
			return nil
		}
	}
}

// Subscribe subscribes to filter at QoS 1 and reports whether the broker
// granted it.
func (c *Raw) Subscribe(filter string) (bool, error) {
	c.id++
	body := append([]byte{byte(c.id >> 8), byte(c.id)}, mqttString(filter)...)
	if err := c.send(0x82, append(body, 1)); err != nil {
		return false, err
	}
	for {
		kind, ack, err := c.read()
		if err != nil {
			return false, err
		}
		if kind == 0x90 && len(ack) == 3 {
			return ack[2] != 0x80, nil
		}
	}
}

// Next returns the next message the broker sends, within wait; the error
// is a timeout if none comes.
func (c *Raw) Next(wait time.Duration) (topic string, payload []byte, err error) {
	c.conn.SetReadDeadline(time.Now().Add(wait))
	defer c.conn.SetReadDeadline(time.Time{})
	for {
		kind, body, err := c.read()
		if err != nil {
			return "", nil, err
		}
		if kind&0xf0 != 0x30 || len(body) < 2 {
			continue
		}
		n := int(binary.BigEndian.Uint16(body))
		if len(body) < 2+n {
			return "", nil, errors.New("mqtt: short PUBLISH")
		}
		topic, rest := string(body[2:2+n]), body[2+n:]
		if qos := kind >> 1 & 3; qos > 0 && len(rest) >= 2 {
			if qos == 1 {
				c.send(0x40, rest[:2])
			}
			rest = rest[2:]
		}
		return topic, rest, nil
	}
}

func (c *Raw) send(header byte, body []byte) error {
	packet := append([]byte{header}, remainingLength(len(body))...)
	c.conn.SetWriteDeadline(time.Now().Add(rawTimeout))
	_, err := c.conn.Write(append(packet, body...))
	return err
}

// read returns the next packet's first byte and body.
func (c *Raw) read() (byte, []byte, error) {
	kind, err := c.r.ReadByte()
	if err != nil {
		return 0, nil, err
	}
	n, mult := 0, 1
	for {
		b, err := c.r.ReadByte()
		if err != nil {
			return 0, nil, err
		}
		n += int(b&0x7f) * mult
		if b&0x80 == 0 {
			break
		}
		if mult *= 128; mult > 128*128*128 {
			return 0, nil, errors.New("mqtt: bad remaining length")
		}
	}
	body := make([]byte, n)
	_, err = io.ReadFull(c.r, body)
	return kind, body, err
}

func remainingLength(n int) []byte {
	var out []byte
	for {
		b := byte(n % 128)
		if n /= 128; n > 0 {
			b |= 0x80
		}
		out = append(out, b)
		if n == 0 {
			return out
		}
	}
}

func mqttString(s string) []byte {
	return append([]byte{byte(len(s) >> 8), byte(len(s))}, s...)
}
