package cli

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"time"

	"toolbench/internal/proxy"
)

// The workbench attached to a running proxy: --follow-record FILE reads
// the record the proxy appends to (toolbench proxy --record FILE), as it
// grows, into the workbench's Traffic pane, as toolbench proxy --tui
// feeds it from the proxy itself.

// followBack is how much of a record's end the workbench reads when it
// attaches: the recent traffic, its last listing likely among it,
// without reading a long record whole.
const followBack = 4 << 20

// followPoll is how often a followed record is read again once its end
// is reached.
const followPoll = 100 * time.Millisecond

// followRecord hands send the events of the record at path from about
// followBack before its end, and then of each line as it is appended,
// until ctx is done. It returns why it stopped early: a record that
// cannot be read, or a line that is not one of a record (its number
// counted from where the reading began).
func followRecord(ctx context.Context, path string, send func(proxy.Event)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := seekToRecentLine(f); err != nil {
		return err
	}
	err = proxy.ReadRecord(&followReader{ctx: ctx, f: f}, func(_ int, e proxy.Event) error {
		send(e)
		return nil
	})
	if ctx.Err() != nil {
		return nil // the workbench closed: a line cut short there is no fault
	}
	return err
}

// seekToRecentLine puts f at the start of the first line that begins
// within followBack of its end.
func seekToRecentLine(f *os.File) error {
	end, err := f.Seek(0, io.SeekEnd)
	if err != nil || end <= followBack {
		_, err = f.Seek(0, io.SeekStart)
		return err
	}
	at := end - followBack
	buf := make([]byte, 64<<10)
	for ; at < end; at += int64(len(buf)) {
		n, err := f.ReadAt(buf, at-1)
		if n == 0 && err != nil {
			return err
		}
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			_, err := f.Seek(at+int64(i), io.SeekStart)
			return err
		}
	}
	_, err = f.Seek(end, io.SeekStart)
	return err
}

// followReader reads f and, at its end, waits for more to be appended,
// until ctx is done, when it says the input has ended.
type followReader struct {
	ctx context.Context
	f   *os.File
}

func (r *followReader) Read(p []byte) (int, error) {
	for {
		n, err := r.f.Read(p)
		if n > 0 || err != nil && !errors.Is(err, io.EOF) {
			return n, err
		}
		select {
		case <-r.ctx.Done():
			return 0, io.EOF
		case <-time.After(followPoll):
		}
	}
}
