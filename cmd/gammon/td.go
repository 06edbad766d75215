package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"gammond/record/analysis"
	"gammond/record/gnubg"
	"gammond/web"
	"gammond/web/desk"
	"gammond/web/mqtt"
)

const tdUsage = "td --broker URL --dir DIR [--boards ID,ID,... | --boards-file FILE] [--listen ADDR] [--analyse-ply N] [--analyse-workers N] [--analysis-dir DIR] [--client-id ID] [--username NAME --password-file FILE] [--ca-file FILE] [--cert-file FILE --key-file FILE]   the director's desk: every board on a page, finished matches' .mat into DIR; \"gammon td broker-config\" writes the room's broker configuration (\"gammon td broker-config -h\")"

// runTD runs the director's desk until SIGINT or SIGTERM, or writes a
// room's broker configuration.
func runTD(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "broker-config" {
		return brokerConfig(args[1:], stdout, stderr)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return td(ctx, args, stdout, stderr)
}

// tdListen is where the desk's page is served by default: not :8080, where
// a board's page (and gammond -sim's) is, so both run on one machine.
const tdListen = "localhost:8090"

// tdArgs are the desk's settings from the command line.
type tdArgs struct {
	broker, dir, listen, clientID string
	security                      mqtt.Security
	analysePly, analyseWorkers    int
	analysisDir                   string
	room                          map[string]string // nil: any board
}

// parseTDArgs parses the desk's command line; its flags are fs's.
func parseTDArgs(args []string) (a tdArgs, fs *flag.FlagSet, err error) {
	fs = flag.NewFlagSet("td", flag.ContinueOnError)
	fs.StringVar(&a.broker, "broker", "", "the MQTT broker's `URL`, e.g. mqtt://127.0.0.1:1883")
	fs.StringVar(&a.dir, "dir", "", "`DIR`ectory to collect the finished matches' .mat records into")
	fs.StringVar(&a.listen, "listen", tdListen, "`ADDR`ess to serve the desk's page on; :8090 for the whole network")
	boards := fs.String("boards", "", "the room's board `IDs`, comma-separated, each as ID or ID=HOST (the host its page is on): only these are shown")
	boardsFile := fs.String("boards-file", "", "read the room's boards from `FILE` (gammon td broker-config writes DIR/boards.txt)")
	fs.StringVar(&a.clientID, "client-id", "", "the desk's MQTT client `ID` (default gammon-td-HOSTNAME); two desks on one broker need two")
	fs.StringVar(&a.security.Username, "username", "", "sign in to the broker as `NAME`")
	fs.StringVar(&a.security.PasswordFile, "password-file", "", "the password, alone in a `FILE` only its owner can read")
	fs.StringVar(&a.security.CAFile, "ca-file", "", "PEM `FILE` of the CA that signs the broker's certificate (mqtts:// URLs; default the system's)")
	fs.StringVar(&a.security.CertFile, "cert-file", "", "PEM client certificate `FILE`, for a broker that asks for one")
	fs.StringVar(&a.security.KeyFile, "key-file", "", "PEM `FILE` of the client certificate's key")
	fs.IntVar(&a.analysePly, "analyse-ply", 0, fmt.Sprintf("GNU Backgammon analyses every match at `N` plies, 0 to %d (off without gnubg)", analysis.MaxPlies))
	fs.IntVar(&a.analyseWorkers, "analyse-workers", 1, "`N` gnubg processes at once")
	fs.StringVar(&a.analysisDir, "analysis-dir", "", "`DIR`ectory for the analyses and gnubg's SGFs (default the records' DIR and \"-analysis\")")
	if _, err := parseArgs(fs, args, 0, 0); err != nil {
		return a, fs, err
	}
	switch {
	case a.analysePly < 0 || a.analysePly > analysis.MaxPlies:
		return a, fs, fmt.Errorf("--analyse-ply %d: 0 to %d", a.analysePly, analysis.MaxPlies)
	case a.analyseWorkers < 1:
		return a, fs, fmt.Errorf("--analyse-workers %d: at least 1", a.analyseWorkers)
	case a.broker == "":
		return a, fs, errors.New("--broker is required")
	case a.dir == "":
		return a, fs, errors.New("--dir is required")
	case *boards != "" && *boardsFile != "":
		return a, fs, errors.New("give --boards or --boards-file, not both")
	}
	if _, err := mqtt.ParseBroker(a.broker); err != nil {
		return a, fs, err
	}
	list, source := *boards, "--boards"
	if *boardsFile != "" {
		data, err := os.ReadFile(*boardsFile)
		if err != nil {
			return a, fs, err
		}
		list, source = string(data), *boardsFile
	}
	if list != "" {
		room, err := desk.ParseRoom(list)
		if err != nil {
			return a, fs, fmt.Errorf("%s: %w", source, err)
		}
		a.room = room
	}
	return a, fs, nil
}

// analysis turns on the desk's analysis when gnubg is installed.
func (a tdArgs) analysis() desk.AnalysisOpts {
	program, err := gnubg.Locate()
	if err != nil {
		return desk.AnalysisOpts{Off: err.Error()}
	}
	return desk.AnalysisOpts{Gnubg: program, Plies: a.analysePly, Workers: a.analyseWorkers, Dir: a.analysisDir}
}

// td runs the desk until ctx ends: it serves the page and follows the
// boards, printing where the page is and when the boards are followed.
func td(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	a, fs, err := parseTDArgs(args)
	if err != nil {
		return argsError(tdUsage, fs, err, stdout, stderr)
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	d, err := desk.New(&desk.Opts{Broker: a.broker, Dir: a.dir, ClientID: a.clientID, Security: a.security, Boards: a.room, Logger: log,
		Analysis: a.analysis()})
	if err != nil {
		fmt.Fprintf(stderr, "gammon td: %v\n", err)
		return exitFindings
	}
	ln, err := net.Listen("tcp", a.listen)
	if err != nil {
		fmt.Fprintf(stderr, "gammon td: %v\n", err)
		return exitFindings
	}
	srv := web.NewHTTPServer(d.Handler(), log)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	runCtx, stopRun := context.WithCancel(ctx)
	followed := make(chan error, 1)
	go func() { followed <- d.Run(runCtx) }()
	fmt.Fprintf(stdout, "gammon td: the desk is at http://%s/\n", ln.Addr())

	code := -1
	for subscribed := d.Subscribed(); code < 0; {
		select {
		case <-subscribed:
			fmt.Fprintf(stdout, "gammon td: following the boards on %s; records go to %s\n", a.broker, a.dir)
			subscribed = nil
		case <-ctx.Done():
			code = exitOK
		case err := <-served:
			fmt.Fprintf(stderr, "gammon td: serving the page: %v\n", err)
			code = exitFindings
		}
	}
	stopRun()
	shutdown, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	srv.Shutdown(shutdown)
	<-followed
	return code
}
