package cli

import (
	"path/filepath"
	"syscall"
	"testing"
	"unsafe"
)

// opens watches the file at path, and returns the function that says how
// many times it was opened since, by anyone: the kernel's count, from
// inotify, of opens of that file, at least one for opens at once.
func opens(t *testing.T, path string) func() int {
	t.Helper()
	fd, err := syscall.InotifyInit1(syscall.IN_NONBLOCK | syscall.IN_CLOEXEC)
	if err != nil {
		t.Skip("no inotify here:", err)
	}
	t.Cleanup(func() { syscall.Close(fd) })
	// Closes are watched too: inotify merges an event into the one before
	// it when they are the same, and open, close, open are not.
	if _, err := syscall.InotifyAddWatch(fd, path, syscall.IN_OPEN|syscall.IN_CLOSE_NOWRITE); err != nil {
		t.Fatal(err)
	}
	return func() int {
		n := 0
		buf := make([]byte, 64<<10)
		for {
			read, err := syscall.Read(fd, buf)
			if err != nil || read <= 0 {
				return n
			}
			for off := 0; off+syscall.SizeofInotifyEvent <= read; {
				ev := (*syscall.InotifyEvent)(unsafe.Pointer(&buf[off]))
				if ev.Mask&syscall.IN_OPEN != 0 {
					n++
				}
				off += syscall.SizeofInotifyEvent + int(ev.Len)
			}
		}
	}
}

func TestEveryCommandOfAllServersReadsTheServersFileOnce(t *testing.T) {
	t.Parallel()
	root := project(t, map[string]string{})
	writeServers(t, "servers.json", testEntry(t, "first", "tools"), testEntry(t, "second", "tools"), testEntry(t, "third", "tools"))
	// verify holds the servers to the lock this pins.
	if code, _, stderr := runIn(t, "lock", "--all-servers", "--mcp-config", "servers.json", "--timeout", testServerTimeout); code != exitOK {
		t.Fatalf("lock --all-servers: exit %d, %q", code, stderr)
	}
	tests := []struct {
		name string
		args []string
	}{
		{"lint", []string{"lint", "--all-servers"}},
		{"compat", []string{"compat", "--all-servers"}},
		{"dump", []string{"dump", "--all-servers", "--dir", "dumped"}},
		{"lock", []string{"lock", "--all-servers", "--lock", "again.lock.json"}},
		{"verify", []string{"verify", "--all-servers"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opened := opens(t, filepath.Join(root, "servers.json"))
			code, _, stderr := runIn(t, append(tc.args, "--mcp-config", "servers.json", "--timeout", testServerTimeout)...)
			n := opened()
			if code != exitOK && code != exitIssues {
				t.Errorf("toolbench %q: exit %d, %q", tc.args, code, stderr)
			}
			if n != 1 {
				t.Errorf("toolbench %q opened the servers file of 3 servers %d times, want once", tc.args, n)
			}
		})
	}
}

func TestVerifyAndLintReadTheServersFileOnceForEveryServerTheyReach(t *testing.T) {
	t.Parallel()
	root := project(t, map[string]string{})
	first, second, third := testEntry(t, "first", "tools"), testEntry(t, "second", "tools"), testEntry(t, "third", "tools")
	writeServers(t, "servers.json", first, second, third)
	writeServers(t, "fewer.json", first, second) // third is gone from it
	if code, _, stderr := runIn(t, "lock", "--all-servers", "--mcp-config", "servers.json", "--timeout", testServerTimeout); code != exitOK {
		t.Fatalf("lock --all-servers: exit %d, %q", code, stderr)
	}
	tests := []struct {
		name, file string
		args       []string
		want       int // the exit status
	}{
		{"the servers the lock pins", "servers.json", []string{"verify"}, exitOK},
		{"the servers the lock pins, one gone from the file", "fewer.json", []string{"verify"}, exitFailure},
		{"every server of the file, and one the lock pins besides", "fewer.json", []string{"verify", "--all-servers"}, exitFailure},
		{"lint of one of them", "servers.json", []string{"lint", "--server", "first"}, exitOK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opened := opens(t, filepath.Join(root, tc.file))
			code, _, stderr := runIn(t, append(tc.args, "--mcp-config", tc.file, "--timeout", testServerTimeout)...)
			n := opened()
			if code != tc.want {
				t.Errorf("toolbench %q: exit %d, %q; want %d", tc.args, code, stderr, tc.want)
			}
			if n != 1 {
				t.Errorf("toolbench %q opened the servers file %d times, want once", tc.args, n)
			}
		})
	}
}
