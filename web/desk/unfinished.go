package desk

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gammond/engine/welsh"
	"gammond/web/mqtt"
)

// unfinishedDir, under the desk's directory, holds each board's latest
// record of the match in progress: the games played so far, should the
// board never finish it. A finished record replaces it; the records'
// limit on disk deletes these first, oldest first.
const unfinishedDir = "unfinished"

// unfinishedFile is a match in progress's record on disk.
type unfinishedFile struct {
	size int64
	at   time.Time // written
}

// unfinishedName names board's record in progress: its ID made safe,
// and a hash of it so that two IDs made alike do not share a file.
func unfinishedName(board, record string) string {
	return fileSafe(board) + "_" + recordHash(board) + recordExt(record)
}

// recordExt is the file extension of a record: .welsh or .mat.
func recordExt(record string) string {
	if strings.HasPrefix(record, welsh.RecordHeader+"\n") {
		return welsh.RecordExt
	}
	return ".mat"
}

// keepUnfinished writes a match in progress's record over the board's
// last one, within the records' limit in all.
func (d *Desk) keepUnfinished(board string, m *mqtt.Match) error {
	name := unfinishedName(board, m.Mat)
	size := int64(len(m.Mat))
	d.mu.Lock()
	err := d.makeRoom(size - d.unfinished[name].size)
	d.mu.Unlock()
	if err != nil {
		return fmt.Errorf("board %s: the record of the match in progress not kept: %w", board, err)
	}
	if err := writeFileAtomic(filepath.Join(d.opts.Dir, unfinishedDir, name), []byte(m.Mat)); err != nil {
		return fmt.Errorf("board %s: the record of the match in progress: %w", board, err)
	}
	d.mu.Lock()
	d.unfinished[name] = unfinishedFile{size: size, at: d.opts.Now()}
	d.mu.Unlock()
	return nil
}

// dropUnfinished deletes board's record in progress, its match finished.
// The caller holds d.mu.
func (d *Desk) dropUnfinished(board, record string) {
	name := unfinishedName(board, record)
	if _, ok := d.unfinished[name]; ok {
		d.removeUnfinished(name)
	}
}

func (d *Desk) removeUnfinished(name string) {
	if err := os.Remove(filepath.Join(d.opts.Dir, unfinishedDir, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
		d.log.Warn("desk: deleting a record of a match in progress", "file", name, "err", err)
	}
	delete(d.unfinished, name)
}

// recordBytes is the bytes of every record on disk, finished or not. The
// caller holds d.mu.
func (d *Desk) recordBytes() int64 {
	var total int64
	for _, r := range d.collected {
		total += r.size
	}
	for _, u := range d.unfinished {
		total += u.size
	}
	return total
}

// makeRoom deletes records of matches in progress, oldest first, until
// need more bytes fit within the records' limit in all; the error says
// they would not even with all of them deleted, and none is. The caller
// holds d.mu.
func (d *Desk) makeRoom(need int64) error {
	limit := d.opts.Records.TotalBytes
	var inProgress int64
	for _, u := range d.unfinished {
		inProgress += u.size
	}
	if d.recordBytes()-inProgress+need > limit { // deleting them all would not do
		return fmt.Errorf("the records in %s reach %s", d.opts.Dir, sizeText(limit))
	}
	for d.recordBytes()+need > limit {
		oldest := ""
		for name, u := range d.unfinished {
			if oldest == "" || u.at.Before(d.unfinished[oldest].at) {
				oldest = name
			}
		}
		d.removeUnfinished(oldest)
		d.note(fmt.Sprintf("Records of matches in progress (%s/) deleted, oldest first, to keep the records within %s.", unfinishedDir, sizeText(limit)))
	}
	return nil
}

// scanUnfinished returns the records of matches in progress already in
// dir, creating its unfinished directory if need be.
func scanUnfinished(dir string) (map[string]unfinishedFile, error) {
	sub := filepath.Join(dir, unfinishedDir)
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(sub)
	if err != nil {
		return nil, err
	}
	found := map[string]unfinishedFile{}
	for _, e := range entries {
		if !e.Type().IsRegular() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if fi, err := e.Info(); err == nil {
			found[e.Name()] = unfinishedFile{size: fi.Size(), at: fi.ModTime()}
		}
	}
	return found, nil
}
