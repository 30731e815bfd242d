//go:build unix

package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// keepOwner gives tmp the owner and group of the file fi describes, where
// this user may: root may give any, others a group they are in, and
// nothing else, so a file of someone else's becomes theirs as a copy of
// it would.
func keepOwner(tmp *os.File, fi fs.FileInfo) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	uid, gid := int(st.Uid), int(st.Gid)
	if uid == os.Getuid() && gid == os.Getgid() {
		return nil
	}
	if err := tmp.Chown(uid, gid); err == nil || !errors.Is(err, fs.ErrPermission) {
		return err
	}
	if err := tmp.Chown(-1, gid); err != nil && !errors.Is(err, fs.ErrPermission) {
		return err
	}
	return nil
}

// links is the number of names the file fi describes has.
func links(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// mayWrite reports whether this user may write the file at path.
func mayWrite(path string) bool {
	const wOK = 2
	return syscall.Access(path, wOK) == nil
}
