//go:build !unix

package core

import "os"

// mapFile maps nothing where the system has no mmap: the file is read.
func mapFile(f *os.File, size int64) []byte { return nil }

// inMappedFile reports false: nothing is mapped.
func inMappedFile(addr uintptr) bool { return false }

// unmapFile has nothing to unmap.
func unmapFile(data []byte) {}
