//go:build !unix

package atomicfile

import (
	"io/fs"
	"os"
)

// keepOwner has nothing to keep where files have no owner in their mode.
func keepOwner(*os.File, fs.FileInfo) error { return nil }

// links is 1: the names of a file are not known here.
func links(fs.FileInfo) uint64 { return 1 }

// mayWrite is true: the mode says what may be written, and it was read.
func mayWrite(string) bool { return true }
