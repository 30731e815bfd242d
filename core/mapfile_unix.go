//go:build unix

package core

import (
	"os"
	"syscall"
)

// mapFile maps the first size bytes of f read-only, or returns nil when
// it cannot.
func mapFile(f *os.File, size int64) []byte {
	if size <= 0 || int64(int(size)) != size {
		return nil
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil
	}
	return data
}
