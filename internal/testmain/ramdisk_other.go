//go:build !linux

package testmain

// RAMDisk returns "": only Linux's /dev/shm is known to be one.
func RAMDisk() string { return "" }
