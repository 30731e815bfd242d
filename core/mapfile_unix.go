//go:build unix

package core

import (
	"os"
	"slices"
	"sync"
	"syscall"
	"unsafe"
)

// mapped holds the address ranges of the files mapFile mapped, which are
// never unmapped.
var mapped struct {
	sync.Mutex
	ranges [][2]uintptr
}

// inMappedFile reports whether addr lies in a file mapFile mapped.
func inMappedFile(addr uintptr) bool {
	mapped.Lock()
	defer mapped.Unlock()
	for _, r := range mapped.ranges {
		if r[0] <= addr && addr < r[1] {
			return true
		}
	}
	return false
}

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
	// A fault reaches past the file's end, which is up to a page past
	// the mapped bytes; the range ends where that page does.
	start := uintptr(unsafe.Pointer(&data[0]))
	page := uintptr(os.Getpagesize())
	mapped.Lock()
	mapped.ranges = append(mapped.ranges, [2]uintptr{start, (start + uintptr(len(data)) + page - 1) &^ (page - 1)})
	mapped.Unlock()
	return data
}

// unmapFile unmaps what mapFile mapped, before anything took a string
// from it.
func unmapFile(data []byte) {
	start := uintptr(unsafe.Pointer(&data[0]))
	mapped.Lock()
	mapped.ranges = slices.DeleteFunc(mapped.ranges, func(r [2]uintptr) bool { return r[0] == start })
	mapped.Unlock()
	syscall.Munmap(data)
}
