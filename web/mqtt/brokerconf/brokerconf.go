// Package brokerconf writes the mosquitto configuration of a room: one
// account per board, allowed to publish under its own topics only and to
// read its own analyses alone, an account for the director's desk that
// reads every board and writes only the boards' analyses, no anonymous
// access, client IDs tied to accounts, and the queues and persistence that
// keep every finished match for a desk that is away.
//
//	r, err := brokerconf.Write("room", &brokerconf.Opts{Boards: map[string]string{"table-1": "", "table-2": ""}})
//	// room/mosquitto.conf, room/passwd, room/acl, room/boards.txt,
//	// room/boards/table-1.password, ..., room/desk.password
package brokerconf

import (
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha512"
	"encoding/base64"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gammond/web/mqtt"
)

// DeskUser is the desk's account: it reads every board's topics and
// publishes each board's analyses.
const DeskUser = "desk"

// Opts is a room's broker.
type Opts struct {
	// Boards are the room's board IDs, each with the host its page is on
	// ("" for unknown), as desk.ParseRoom reads them.
	Boards map[string]string
	// Port is the listener's; 0 is 1883, or 8883 with TLS.
	Port int
	// CertFile and KeyFile serve TLS (PEM files); both or neither.
	CertFile, KeyFile string
}

// Room is what Write wrote.
type Room struct {
	Dir        string
	Conf       string            // mosquitto.conf
	BoardsList string            // boards.txt, for gammon td --boards-file
	DeskFile   string            // the desk's password file
	BoardFiles map[string]string // each board's password file, by board ID
	Port       int
	TLS        bool
}

// Queue limits, per client: only the desk subscribes, so they are the
// desk's. While it is away the broker keeps for it each board's events and
// records (states go at QoS 0, not kept: the retained one is enough), some
// 40 messages a board in 10 minutes of play: 200,000 keep 500 boards'
// for over 80 minutes. A record is some 10 KB.
const (
	maxQueuedMessages = 200000
	maxQueuedBytes    = 1 << 30
	// maxPacket takes a board's largest message, a 1 MB record, with
	// room for its topic and properties.
	maxPacket = 1<<20 + 64<<10
)

// Write writes the room's configuration into dir, created if missing. A
// password already in dir (a board's or the desk's) is kept, so that a
// room grown by a board needs no file copied again to the others.
func Write(dir string, o *Opts) (*Room, error) {
	if len(o.Boards) == 0 {
		return nil, errors.New("no board in the room")
	}
	if (o.CertFile == "") != (o.KeyFile == "") {
		return nil, errors.New("TLS needs a certificate and its key, both")
	}
	for id := range o.Boards {
		if err := mqtt.CheckBoardID(id); err != nil {
			return nil, err
		}
		if id == DeskUser {
			return nil, fmt.Errorf("board ID %q is the desk's account", id)
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	r := &Room{Dir: abs, Conf: filepath.Join(abs, "mosquitto.conf"), BoardsList: filepath.Join(abs, "boards.txt"),
		DeskFile: filepath.Join(abs, "desk.password"), BoardFiles: map[string]string{}, Port: o.Port, TLS: o.CertFile != ""}
	if r.Port == 0 {
		r.Port = 1883
		if r.TLS {
			r.Port = 8883
		}
	}
	for _, d := range []string{abs, filepath.Join(abs, "boards"), filepath.Join(abs, "data")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return nil, err
		}
	}
	ids := slices.SortedFunc(maps.Keys(o.Boards), strings.Compare)
	var passwd strings.Builder
	deskPassword, err := keepPassword(r.DeskFile)
	if err != nil {
		return nil, err
	}
	passwd.WriteString(passwdLine(DeskUser, deskPassword))
	for _, id := range ids {
		r.BoardFiles[id] = filepath.Join(abs, "boards", id+".password")
		pw, err := keepPassword(r.BoardFiles[id])
		if err != nil {
			return nil, err
		}
		passwd.WriteString(passwdLine(id, pw))
	}
	files := []struct {
		name, data string
		mode       os.FileMode
	}{
		{"passwd", passwd.String(), 0o600},
		{"acl", acl(ids), 0o600},
		{"boards.txt", boardsList(ids, o.Boards), 0o644},
		{"mosquitto.conf", conf(r, o), 0o644},
	}
	for _, f := range files {
		if err := writeFile(filepath.Join(abs, f.name), f.data, f.mode); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// keepPassword returns the password in name, or writes a new one there:
// 130 random bits, mode 0600.
func keepPassword(name string) (string, error) {
	data, err := os.ReadFile(name)
	if err == nil {
		if pw := strings.TrimSpace(string(data)); pw != "" {
			return pw, nil
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	pw := rand.Text()
	return pw, writeFile(name, pw+"\n", 0o600)
}

// writeFile writes data to name with mode, whatever the umask, replacing
// a file (not following a symbolic link) already there.
func writeFile(name, data string, mode os.FileMode) error {
	tmp := name + ".tmp"
	os.Remove(tmp)
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	_, err = f.WriteString(data)
	if err == nil {
		err = f.Chmod(mode)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// passwdLine is a line of mosquitto's password file: the password hashed
// as mosquitto_passwd does ($7$: PBKDF2-SHA512, 101 rounds, 12-byte salt).
func passwdLine(user, password string) string {
	const rounds = 101
	salt := make([]byte, 12)
	rand.Read(salt)
	hash, err := pbkdf2.Key(sha512.New, password, salt, rounds, sha512.Size)
	if err != nil {
		panic(err) // only for a FIPS-140 mode key shorter than 112 bits
	}
	enc := base64.StdEncoding
	return fmt.Sprintf("%s:$7$%d$%s$%s\n", user, rounds, enc.EncodeToString(salt), enc.EncodeToString(hash))
}

// acl lets the desk read every board's topics and write each board's
// analysis; each board publishes under its own topics and reads its own
// analysis, nothing else.
func acl(ids []string) string {
	var b strings.Builder
	b.WriteString("# The desk reads every board and writes each one's analyses; each board\n")
	b.WriteString("# writes its own topics and reads its own analyses only.\n")
	fmt.Fprintf(&b, "user %s\ntopic read %s/#\n", DeskUser, mqtt.TopicRoot)
	for _, id := range ids {
		fmt.Fprintf(&b, "topic write %s\n", mqtt.Topic(id, mqtt.KindAnalysis))
	}
	for _, id := range ids {
		fmt.Fprintf(&b, "\nuser %s\n", id)
		for _, kind := range []string{mqtt.KindState, mqtt.KindEvent, mqtt.KindMatch} {
			fmt.Fprintf(&b, "topic write %s\n", mqtt.Topic(id, kind))
		}
		fmt.Fprintf(&b, "topic read %s\n", mqtt.Topic(id, mqtt.KindAnalysis))
	}
	return b.String()
}

// boardsList is the room's list as gammon td --boards-file reads it.
func boardsList(ids []string, hosts map[string]string) string {
	var b strings.Builder
	b.WriteString("# The room's boards, for gammon td --boards-file; ID=HOST gives the host of a board's page.\n")
	for _, id := range ids {
		b.WriteString(id)
		if h := hosts[id]; h != "" {
			b.WriteString("=" + h)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func conf(r *Room, o *Opts) string {
	lines := []string{
		"# The room's broker, written by gammon td broker-config. Start it with",
		"#   mosquitto -c " + r.Conf,
		"per_listener_settings false",
		"listener " + strconv.Itoa(r.Port),
	}
	if r.TLS {
		cert, _ := filepath.Abs(o.CertFile)
		key, _ := filepath.Abs(o.KeyFile)
		lines = append(lines, "certfile "+cert, "keyfile "+key, "tls_version tlsv1.2")
	}
	lines = append(lines,
		"",
		"# No one without an account; each account's rights in the ACL.",
		"allow_anonymous false",
		"password_file "+filepath.Join(r.Dir, "passwd"),
		"acl_file "+filepath.Join(r.Dir, "acl"),
		"# The client ID is the account's: no client can take a board's",
		"# session (and drop it off the broker) by naming itself after it.",
		"use_username_as_clientid true",
		"",
		"# Sessions, queues and retained messages survive a restart: a desk",
		"# away keeps its session a day, and gets every record published",
		"# meanwhile when it comes back.",
		"persistence true",
		"persistence_location "+filepath.Join(r.Dir, "data")+"/",
		"autosave_interval 10",
		"persistent_client_expiration 1d",
		"max_queued_messages "+strconv.Itoa(maxQueuedMessages),
		"max_queued_bytes "+strconv.Itoa(maxQueuedBytes),
		"max_packet_size "+strconv.Itoa(maxPacket),
	)
	return strings.Join(lines, "\n") + "\n"
}

// Instructions say how to start the broker and what to copy where.
func (r *Room) Instructions(host string) string {
	scheme := "mqtt"
	if r.TLS {
		scheme = "mqtts"
	}
	broker := fmt.Sprintf("%s://%s:%d", scheme, host, r.Port)
	var b strings.Builder
	fmt.Fprintf(&b, "Wrote the room's broker configuration in %s.\n\n", r.Dir)
	fmt.Fprintf(&b, "Start the broker as the user who owns %s (as root, mosquitto becomes user mosquitto: chown -R mosquitto %s first):\n  mosquitto -c %s\n\n", r.Dir, r.Dir, r.Conf)
	fmt.Fprintf(&b, "Start the desk:\n  gammon td --broker %s --username %s --password-file %s --boards-file %s --dir matches\n\n",
		broker, DeskUser, r.DeskFile, r.BoardsList)
	b.WriteString("On each board, copy its password file and set in /etc/gammond/gammond.toml:\n")
	for _, id := range slices.Sorted(maps.Keys(r.BoardFiles)) {
		fmt.Fprintf(&b, "  %s: copy %s to /etc/gammond/mqtt.password (mode 0600)\n", id, r.BoardFiles[id])
	}
	fmt.Fprintf(&b, "  [mqtt]\n  broker = %q\n  username = \"BOARD_ID\"   # the board's board_id\n  password_file = \"/etc/gammond/mqtt.password\"\n", broker)
	return b.String()
}
