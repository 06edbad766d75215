package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"gammond/web/desk"
	"gammond/web/mqtt/brokerconf"
)

const brokerConfigUsage = "td broker-config --dir DIR --boards ID,ID,... [--port N] [--tls CERT,KEY] [--host NAME]   write the room's mosquitto configuration: an account per board, one for the desk"

// brokerConfig writes a room's broker configuration and says what to do
// with it.
func brokerConfig(args []string, stdout, stderr io.Writer) int {
	o, dir, host, fs, err := parseBrokerConfigArgs(args)
	if err != nil {
		return argsError(brokerConfigUsage, fs, err, stdout, stderr)
	}
	room, err := brokerconf.Write(dir, o)
	if err != nil {
		fmt.Fprintf(stderr, "gammon td broker-config: %v\n", err)
		return exitFindings
	}
	fmt.Fprint(stdout, room.Instructions(host))
	return exitOK
}

func parseBrokerConfigArgs(args []string) (o *brokerconf.Opts, dir, host string, fs *flag.FlagSet, err error) {
	o = &brokerconf.Opts{}
	fs = flag.NewFlagSet("td broker-config", flag.ContinueOnError)
	fs.StringVar(&dir, "dir", "", "`DIR`ectory to write the configuration, accounts and passwords into")
	boards := fs.String("boards", "", "the room's board `IDs`, comma-separated, each as ID or ID=HOST (the host its page is on)")
	port := fs.String("port", "", "the broker's `PORT` (default 1883, 8883 with --tls)")
	tls := fs.String("tls", "", "serve TLS with the PEM certificate and key `CERT,KEY`")
	hostname, _ := os.Hostname()
	fs.StringVar(&host, "host", hostname, "the broker's host `NAME` as boards reach it, for the instructions")
	if _, err = parseArgs(fs, args, 0, 0); err != nil {
		return nil, "", "", fs, err
	}
	switch {
	case dir == "":
		return nil, "", "", fs, errors.New("--dir is required")
	case *boards == "":
		return nil, "", "", fs, errors.New("--boards is required")
	}
	if o.Boards, err = desk.ParseRoom(*boards); err != nil {
		return nil, "", "", fs, fmt.Errorf("--boards: %w", err)
	}
	if *port != "" {
		if o.Port, err = strconv.Atoi(*port); err != nil || o.Port < 1 || o.Port > 65535 {
			return nil, "", "", fs, fmt.Errorf("--port %s: want 1 to 65535", *port)
		}
	}
	if *tls != "" {
		cert, key, ok := strings.Cut(*tls, ",")
		if !ok || cert == "" || key == "" {
			return nil, "", "", fs, fmt.Errorf("--tls %s: want CERT,KEY", *tls)
		}
		o.CertFile, o.KeyFile = cert, key
	}
	return o, dir, host, fs, nil
}
