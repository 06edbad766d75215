package desk

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gammond/engine/welsh"
	"gammond/record/mat"
	"gammond/web/mqtt"
)

// hashLen is how many hex digits of the record's SHA-256 end its file name:
// 48 bits tell a tournament's matches apart.
const hashLen = 12

// collect writes a finished match's record into the desk's directory, once:
// a record already collected (the broker delivers the retained one again at
// each subscription) is not written again. It returns the file's name and
// whether it was written now.
func (d *Desk) collect(board string, m *mqtt.Match) (name string, fresh bool, err error) {
	hash := recordHash(m.Mat)
	d.mu.Lock()
	done, ok := d.collected[hash]
	var over error
	if !ok {
		over = d.overRecordLimits(board, int64(len(m.Mat)))
	}
	d.mu.Unlock()
	switch {
	case ok:
		return done.name, false, nil
	case over != nil:
		return "", false, over
	}
	ext, err := readRecord(m.Mat, board)
	if err != nil {
		// Kept all the same: the director can mend a record, not a lost one.
		d.log.Warn("desk: collecting a record that does not read back", "board", board, "err", err)
	}
	name = recordName(board, m.Players, d.opts.Now().Format("2006-01-02"), hash, ext)
	if err := writeFileAtomic(filepath.Join(d.opts.Dir, name), []byte(m.Mat)); err != nil {
		return "", false, fmt.Errorf("board %s: collecting the match: %w", board, err)
	}
	d.mu.Lock()
	d.collected[hash] = recordFile{name: name, size: int64(len(m.Mat))}
	d.dropUnfinished(board, m.Mat)
	d.mu.Unlock()
	return name, true, nil
}

// ofBoard says whether a record file's name is board's (recordName).
func ofBoard(name, board string) bool {
	_, rest, _ := strings.Cut(name, "_") // after the date
	return strings.HasPrefix(rest, fileSafe(board)+"_")
}

// recordFile is a record collected into the desk's directory.
type recordFile struct {
	name string
	size int64
}

// overRecordLimits says why a record of size bytes from board would go
// past the desk's limits on disk, and notes it for the page; nil if it
// would not, records of matches in progress deleted to make room if need
// be. The caller holds d.mu.
func (d *Desk) overRecordLimits(board string, size int64) error {
	lim := d.opts.Records
	var boardFiles int
	var boardBytes int64
	for _, r := range d.collected {
		if ofBoard(r.name, board) {
			boardFiles++
			boardBytes += r.size
		}
	}
	var why string
	switch {
	case boardFiles+1 > lim.BoardFiles:
		why = fmt.Sprintf("board %s has %d records, the most a board may have", board, lim.BoardFiles)
	case boardBytes+size > lim.BoardBytes:
		why = fmt.Sprintf("board %s's records reach %s", board, sizeText(lim.BoardBytes))
	default:
		err := d.makeRoom(size)
		if err == nil {
			return nil
		}
		why = err.Error()
	}
	d.note(fmt.Sprintf("Records not collected: %s. Make room in %s or raise the limit, then restart the desk: the boards' latest records come again.", why, d.opts.Dir))
	return fmt.Errorf("board %s: record of %d bytes not collected: %s", board, size, why)
}

func recordHash(record string) string {
	sum := sha256.Sum256([]byte(record))
	return hex.EncodeToString(sum[:])[:hashLen]
}

// recordName names a record file: date_board_White-Black_hash.mat (or
// .welsh, ext), each part made safe for any file system.
func recordName(board string, players [2]string, date, hash, ext string) string {
	return fmt.Sprintf("%s_%s_%s-%s_%s%s", date, fileSafe(board), fileSafe(players[0]), fileSafe(players[1]), hash, ext)
}

// readRecord reads a finished match's record as what it is, a Welsh match
// record (docs/WELSH.md) or a .mat, and returns its file extension; the
// error says it does not read back.
func readRecord(record, board string) (ext string, err error) {
	if ext = recordExt(record); ext == welsh.RecordExt {
		_, err = welsh.ReadRecord(strings.NewReader(record))
	} else {
		_, err = mat.Read(strings.NewReader(record), board)
	}
	return ext, err
}

// fileSafe keeps ASCII letters, digits, dots and hyphens of s, up to 32,
// and turns any other run of characters into one "_"; "_" alone is what is
// left of an empty name.
func fileSafe(s string) string {
	var b strings.Builder
	for _, r := range s {
		if b.Len() >= 32 {
			break
		}
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '.' && b.Len() > 0:
			b.WriteRune(r)
		case !strings.HasSuffix(b.String(), "_"):
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "_"
	}
	return b.String()
}

// scanRecords returns the records already in dir by their hash, so that a
// desk restarted does not collect them again. Only regular files count: a
// symbolic link planted in dir is neither a record nor served.
func scanRecords(dir string) (map[string]recordFile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	found := map[string]recordFile{}
	for _, e := range entries {
		name := e.Name()
		hash, ok := recordFileHash(name)
		if !ok || !e.Type().IsRegular() {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue // gone since the listing
		}
		found[hash] = recordFile{name: name, size: fi.Size()}
	}
	return found, nil
}

// recordFileHash returns the content hash a record file's name ends with,
// and whether name is a record's (recordName).
func recordFileHash(name string) (string, bool) {
	base, ok := strings.CutSuffix(name, ".mat")
	if !ok {
		base, ok = strings.CutSuffix(name, welsh.RecordExt)
	}
	if !ok || strings.HasPrefix(name, ".") {
		return "", false
	}
	i := strings.LastIndexByte(base, '_')
	if i < 0 || len(base)-i-1 != hashLen {
		return "", false
	}
	return base[i+1:], true
}

// writeFileAtomic writes data to name so that name holds either nothing or
// all of it, after a crash too: temporary file, fsync, rename, directory
// fsync.
func writeFileAtomic(name string, data []byte) error {
	dir := filepath.Dir(name)
	f, err := os.CreateTemp(dir, ".collect-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // fails harmlessly once renamed
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), name); err != nil {
		return err
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// sizeText writes a limit in bytes for people: "50 MB", "5 KB".
func sizeText(n int64) string {
	for _, u := range []struct {
		unit  string
		shift uint
	}{{"GB", 30}, {"MB", 20}, {"KB", 10}} {
		if n >= 1<<u.shift {
			return fmt.Sprintf("%d %s", n>>u.shift, u.unit)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}
