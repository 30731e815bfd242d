package source

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"

	"toolbench/core/jsondoc"
)

// gitShow reads REV:PATH with git show, as a document named by it. PATH
// is from the top of the repository, or from the current folder when it
// starts with ./ (git's rule), git running in dir. spec is never an option to git: one
// starting with '-' is refused, and --end-of-options (git 2.24) ends
// git's options before it all the same, so that a name from a lock or a
// command line cannot make git write a file (--output=...).
func gitShow(ctx context.Context, dir, spec string) (*jsondoc.Document, error) {
	if strings.HasPrefix(spec, "-") {
		return nil, fmt.Errorf("%s: no such file, and a revision cannot start with '-'", spec)
	}
	cmd := exec.CommandContext(ctx, "git", "show", "--end-of-options", spec)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", spec, err)
	}
	if err := cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return nil, fmt.Errorf("%s: no such file, and git, which would read it as REV:PATH, is not installed", spec)
		}
		return nil, fmt.Errorf("%s: git show: %w", spec, err)
	}
	doc, loadErr := jsondoc.LoadReader(spec, out)
	if loadErr != nil {
		io.Copy(io.Discard, out) // let git finish writing what it has
	}
	if err := cmd.Wait(); err != nil {
		return nil, gitError(spec, stderr.String(), err)
	}
	return doc, loadErr
}

// gitError words git's complaint about spec.
func gitError(spec, stderr string, err error) error {
	msg := strings.TrimSpace(stderr)
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	msg = strings.TrimPrefix(msg, "fatal: ")
	switch {
	case strings.Contains(msg, "not a git repository"):
		return fmt.Errorf("%s: no such file, and not in a git repository to read it as REV:PATH from", spec)
	case msg == "":
		return fmt.Errorf("%s: git show: %w", spec, err)
	}
	return fmt.Errorf("%s: git show: %s", spec, msg)
}
