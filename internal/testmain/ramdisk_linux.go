package testmain

import "syscall"

// shm is where Linux systems mount a tmpfs for all users.
const shm = "/dev/shm"

// tmpfsMagic is the file system type statfs(2) reports for a tmpfs.
const tmpfsMagic = 0x01021994

// minFree is the room a RAM disk must have left for the tests' files (the
// board's trace files are kept to 64 MiB, the journals a few MiB each).
const minFree = 2 << 30

// RAMDisk returns /dev/shm if it is a tmpfs this process can write with
// 2 GiB or more free, and "" if not.
func RAMDisk() string {
	var st syscall.Statfs_t
	if err := syscall.Statfs(shm, &st); err != nil || int64(st.Type) != tmpfsMagic {
		return ""
	}
	if uint64(st.Bavail)*uint64(st.Bsize) < minFree || syscall.Access(shm, 2 /* W_OK */) != nil {
		return ""
	}
	return shm
}
