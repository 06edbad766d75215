// Command gammond is the daemon of an electronic backgammon board: it scans
// the hall sensors, referees the match and drives the LEDs and displays.
//
// Until the daemon is wired up, it only checks a config file:
//
//	gammond -check-config -config /etc/gammond/gammond.toml
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	path := flag.String("config", "/etc/gammond/gammond.toml", "config `file`")
	check := flag.Bool("check-config", false, "check the config file and exit")
	flag.Parse()
	if !*check || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	if _, err := Load(*path); err != nil {
		fmt.Fprintln(os.Stderr, "gammond:", err)
		os.Exit(1)
	}
}
