// Package journal keeps the daemon's inputs safe across a crash or a power
// cut. A journal is an append-only file of records; Append returns only
// once its record is written and fsynced, so the daemon acts on an input
// (and the LEDs say "accepted") only when it is on the disk. On start the
// daemon opens the journal, replays its records through the referee and
// carries on where it was. WriteFileAtomic writes the .mat of a match at
// each game end, so the file on disk is always a whole record.
//
// A payload is opaque bytes: the daemon stores its inputs as JSON (button
// presses, dice, settled occupancies). Keep one journal per match, named
// by the caller; Open creates it.
//
// # Recovery
//
// Every record carries a CRC-32C (Castagnoli) over its header, its payload,
// the checksum of the record before it and the journal's random file ID, so
// a record changed, dropped, reordered or copied in from another journal
// does not pass. Open reads and verifies the whole file. A damaged record
// (the file ends inside it, or its header or checksum is wrong) with no
// sound record after it is a write that never finished: Open cuts it off
// and says so in Recovery. Any other damage (a damaged record that a sound
// one follows, a sound record out of its place in the chain, a bad file
// header) is a *CorruptError naming the record and its offset: Open never
// drops a record that may have been confirmed. Cutting a journal at a
// record boundary leaves a sound, shorter journal: only fsync protects the
// end of the file.
//
// # Crashes and power cuts
//
// A killed process (SIGKILL, a panic) loses nothing it wrote: the bytes
// are in the kernel's page cache and reach the disk later. It leaves at
// most one record half written, by a write cut short, and Open cuts that
// off. A power cut loses the page cache as well: what was not fsynced may
// be missing, zeros or partly written, and the file's length may already
// cover it. Because Append fsyncs each record before it returns, and
// appends one record at a time, only the last record can be damaged, and
// it was never confirmed; Open cuts it off the same way. This holds as far
// as the storage honours a flush: an SD card that reports a write done
// before it is stored can still lose it.
//
// A record whose Append failed, or had not returned when the process died,
// may or may not be there after a restart; if it is, the replay gives it.
//
// # File format
//
// Integers are little-endian. The file starts with a 24-byte header:
//
//	offset size
//	 0      8   magic "GMNDJRNL"
//	 8      2   format version: 1
//	10      2   zero
//	12      8   file ID: random, chosen when the file is created
//	20      4   CRC-32C of bytes 0-19
//
// Records follow, one after another, each a 24-byte header and its payload:
//
//	 0      1   record magic and version: 0xB1
//	 1      3   zero
//	 4      4   payload length n, at most PayloadLimit
//	 8      8   sequence number: 1 for the first record, one more for each next
//	16      4   checksum of the record before; the file header's CRC for the first
//	20      4   checksum: CRC-32C of the file ID (8 bytes), bytes 0-19 and the payload
//	24      n   payload
package journal
