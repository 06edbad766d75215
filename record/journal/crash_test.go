package journal

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gammond/internal/testmain"
)

// The crash tests run this test binary again as a child (TestHelper...)
// that writes as fast as it can and reports each confirmed write on
// stdout, and SIGKILL it at random moments.
const (
	helperEnv = "GAMMOND_JOURNAL_HELPER" // "append" or "atomic": the child's job
	pathEnv   = "GAMMOND_JOURNAL_PATH"   // the file it writes
)

// TestHelperAppender is the child of TestCrashAppend: it appends payload(seq)
// to the journal at $GAMMOND_JOURNAL_PATH until killed, and prints each seq
// once Append has returned it.
func TestHelperAppender(t *testing.T) {
	if os.Getenv(helperEnv) != "append" {
		t.Skip("the child process of TestCrashAppend")
	}
	j, rec, err := Open(os.Getenv(pathEnv), nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for seq := rec.Records + 1; ; seq++ {
		if got, err := j.Append(payload(seq)); err != nil || got != seq {
			fmt.Fprintln(os.Stderr, "Append:", got, err)
			os.Exit(2)
		}
		fmt.Println(seq) // a write error (the parent gone) ends the child with SIGPIPE
	}
}

// TestCrashAppend kills an appending process 50 times (10 when testmain.Trimmed; CI
// runs all 50) and checks after each kill that every confirmed record is
// there, intact and in order.
func TestCrashAppend(t *testing.T) {
	t.Parallel()
	kills := 50
	if testmain.Trimmed() {
		kills = 10
	}
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 0))
	path := filepath.Join(t.TempDir(), "match.jnl")
	var kept, cuts, unconfirmed uint64
	for kill := range kills {
		confirmed := runAndKill(t, "append", path, r.IntN(40)+1, func(line string) error {
			if seq, err := strconv.ParseUint(line, 10, 64); err != nil || seq != kept+1 {
				return fmt.Errorf("kill %d: child confirmed %q, want %d", kill, line, kept+1)
			}
			kept++
			return nil
		})
		j, rec, err := Open(path, nil) // the daemon's restart
		if err != nil {
			t.Fatalf("kill %d: %v", kill, err)
		}
		checkRecords(t, j, rec.Records) // in order, intact, no garbage
		j.Close()
		if rec.Records < kept {
			t.Fatalf("kill %d: %d records, but the child confirmed %d", kill, rec.Records, kept)
		}
		unconfirmed += rec.Records - kept
		if rec.Cut > 0 {
			cuts++
		}
		t.Logf("kill %d after %d confirmations: %s", kill, confirmed, rec)
		kept = rec.Records
	}
	t.Logf("%d kills: %d records; %d found that were written but not yet confirmed; %d torn tails cut", kills, kept, unconfirmed, cuts)
}

// TestHelperAtomicWriter is the child of TestCrashWriteFileAtomic: it writes
// the two contents of atomicContents in turn to $GAMMOND_JOURNAL_PATH
// until killed, and prints "ok" after each.
func TestHelperAtomicWriter(t *testing.T) {
	if os.Getenv(helperEnv) != "atomic" {
		t.Skip("the child process of TestCrashWriteFileAtomic")
	}
	contents := atomicContents()
	for i := 0; ; i++ {
		if err := WriteFileAtomic(os.Getenv(pathEnv), contents[i%2], 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Println("ok")
	}
}

// atomicContents are two .mat-sized files of different lengths, so a
// partial one shows.
func atomicContents() [2][]byte {
	return [2][]byte{bytes.Repeat([]byte("game one\n"), 4000), bytes.Repeat([]byte("game two, longer\n"), 5000)}
}

// TestCrashWriteFileAtomic kills a process writing a file again and again
// with WriteFileAtomic: the file holds one content or the other, whole.
func TestCrashWriteFileAtomic(t *testing.T) {
	t.Parallel()
	kills := 20
	if testmain.Trimmed() { // CI runs all 20
		kills = 5
	}
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 0))
	dir := t.TempDir()
	path := filepath.Join(dir, "match.mat")
	contents := atomicContents()
	writeFile(t, path, contents[1])
	for kill := range kills {
		runAndKill(t, "atomic", path, r.IntN(20)+1, func(string) error { return nil })
		if got := readFile(t, path); !bytes.Equal(got, contents[0]) && !bytes.Equal(got, contents[1]) {
			t.Fatalf("kill %d: the file holds %d bytes, neither content whole", kill, len(got))
		}
	}
	entries, _ := os.ReadDir(dir)
	t.Logf("%d kills: %d temporary files left behind", kills, len(entries)-1)
}

// runAndKill starts a helper child with job on path, passes each line it
// prints to confirm, SIGKILLs it after n lines, and passes on the lines it
// printed before it died. It returns how many lines it confirmed in all.
func runAndKill(t *testing.T, job, path string, n int, confirm func(line string) error) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelper")
	cmd.Env = append(os.Environ(), helperEnv+"="+job, pathEnv+"="+path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines, count := bufio.NewReader(out), 0
	for {
		line, err := lines.ReadString('\n')
		if err == io.EOF && count >= n {
			break // killed; a line cut short was not a confirmation
		}
		if err == nil {
			err = confirm(strings.TrimSuffix(line, "\n"))
		}
		if err != nil {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("child (%s) after %d lines: %v; stderr: %s", job, count, err, stderr.Bytes())
		}
		if count++; count == n {
			cmd.Process.Kill() // SIGKILL
		}
	}
	if err := cmd.Wait(); err == nil || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("child (%s): %v, want killed; stderr: %s", job, err, stderr.Bytes())
	}
	return count
}
