// Command mcpload measures what `toolbench mcp --http` costs under
// concurrent lint_tools calls: for each count of clients it starts a
// server, has that many clients call lint_tools at once, each with the
// same generated tools document inline (internal/gen, about 1.5 KB a
// tool), and prints the server's peak resident memory (VmHWM of
// /proc/PID/status, Linux only), its memory idle before the calls, and
// the wall time from the first call sent to the last answer read.
//
//	go run ./scripts/mcpload [-toolbench PATH] [-clients 1,10,100] [-tools 1000] [-runs 3]
//
// Without -toolbench it builds toolbench from the module first. Each
// count is measured -runs times, a fresh server each time, and the
// median of each column is printed; every answer must be a lint result,
// or the script fails.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"toolbench/internal/gen"
)

func main() {
	bin := flag.String("toolbench", "", "the toolbench binary to measure; \"\" builds one from the module")
	clients := flag.String("clients", "1,10,100", "comma-separated counts of clients calling at once, one measurement each")
	tools := flag.Int("tools", 1000, "tools in the document each client lints")
	runs := flag.Int("runs", 3, "measurements of each count; the median is printed")
	flag.Parse()
	if err := run(*bin, *clients, *tools, *runs); err != nil {
		fmt.Fprintln(os.Stderr, "mcpload:", err)
		os.Exit(1)
	}
}

func run(bin, clients string, tools, runs int) error {
	tmp, err := os.MkdirTemp("", "mcpload")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if bin == "" {
		bin = filepath.Join(tmp, "toolbench")
		build := exec.Command("go", "build", "-o", bin, ".")
		build.Stderr = os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("go build: %w", err)
		}
	}
	body, err := lintRequest(gen.Tools(tools))
	if err != nil {
		return err
	}
	fmt.Printf("lint_tools of %d tools inline, a %d-byte request; median of %d runs\n", tools, len(body), runs)
	fmt.Printf("%8s %14s %14s %10s\n", "clients", "idle RSS MiB", "peak RSS MiB", "wall ms")
	for _, s := range strings.Split(clients, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return fmt.Errorf("-clients: %q is not a count", s)
		}
		var idle, peak, wall []float64
		for range runs {
			m, err := measure(bin, tmp, body, n)
			if err != nil {
				return fmt.Errorf("%d clients: %w", n, err)
			}
			idle, peak, wall = append(idle, m.idle), append(peak, m.peak), append(wall, m.wall)
		}
		fmt.Printf("%8d %14.1f %14.1f %10.0f\n", n, median(idle), median(peak), median(wall))
	}
	return nil
}

// lintRequest is the body of a tools/call of lint_tools on doc, inline.
func lintRequest(doc []byte) ([]byte, error) {
	return json.Marshal(map[string]any{
		"jsonrpc": "2.0", "id": 1, "method": "tools/call",
		"params": map[string]any{"name": "lint_tools", "arguments": map[string]any{
			"tools": string(doc), "tools_path": nil, "targets": nil, "ignore": nil,
		}},
	})
}

type measurement struct {
	idle, peak float64 // MiB
	wall       float64 // ms
}

// measure starts a server, sends it n calls of body at once, and returns
// its memory and the calls' wall time.
func measure(bin, root string, body []byte, n int) (measurement, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "mcp", "--http", "127.0.0.1:0", "--root", root)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return measurement{}, err
	}
	if err := cmd.Start(); err != nil {
		return measurement{}, err
	}
	defer func() {
		cancel()
		cmd.Wait()
	}()
	log := bufio.NewReader(stderr)
	line, err := log.ReadString('\n')
	if err != nil {
		return measurement{}, fmt.Errorf("the server said nothing: %w", err)
	}
	go io.Copy(io.Discard, log)
	url := regexp.MustCompile(`http://\S+/mcp`).FindString(line)
	if url == "" {
		return measurement{}, fmt.Errorf("the server does not say where it listens: %q", line)
	}
	var m measurement
	if m.idle, err = statusMiB(cmd.Process.Pid, "VmRSS"); err != nil {
		return m, err
	}
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: n, MaxIdleConnsPerHost: n}}
	start := make(chan struct{})
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			<-start
			errs <- call(ctx, client, url, body)
		})
	}
	began := time.Now()
	close(start)
	wg.Wait()
	m.wall = float64(time.Since(began).Microseconds()) / 1000
	close(errs)
	for err := range errs {
		if err != nil {
			return m, err
		}
	}
	m.peak, err = statusMiB(cmd.Process.Pid, "VmHWM")
	return m, err
}

// call posts body to url and checks that the answer is a lint result.
func call(ctx context.Context, client *http.Client, url string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	var answer struct {
		Result *struct {
			IsError           bool            `json:"isError"`
			StructuredContent json.RawMessage `json:"structuredContent"`
		} `json:"result"`
	}
	if err := json.Unmarshal(data, &answer); err != nil || answer.Result == nil || answer.Result.IsError || answer.Result.StructuredContent == nil {
		return fmt.Errorf("status %d, not a lint result: %.200s", resp.StatusCode, data)
	}
	return nil
}

// statusMiB reads the field of /proc/PID/status, in kB, as MiB.
func statusMiB(pid int, field string) (float64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, fmt.Errorf("reading the server's memory (Linux only): %w", err)
	}
	for l := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(l, field+":"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			return kb / 1024, err
		}
	}
	return 0, fmt.Errorf("/proc/%d/status has no %s", pid, field)
}

func median(v []float64) float64 {
	slices.Sort(v)
	return v[len(v)/2]
}
