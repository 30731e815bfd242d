//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestWriteKeepsTheOwnerAndGroupOfTheFile(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("only root may give a file to another user")
	}
	const nobody = 65534
	path := filepath.Join(t.TempDir(), "tools.json")
	writeFile(t, path, "old", 0o640)
	if err := os.Chown(path, nobody, nobody); err != nil {
		t.Skip(err)
	}
	if err := Write(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	if st.Uid != nobody || st.Gid != nobody || fi.Mode().Perm() != 0o640 {
		t.Errorf("owner %d:%d mode %v, want %d:%d -rw-r-----", st.Uid, st.Gid, fi.Mode().Perm(), nobody, nobody)
	}
}
