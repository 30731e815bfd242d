//go:build unix

package lint

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"toolbench/core/jsondoc"
)

// benchServers are the benign corpus's servers the cost is measured on,
// in the order of their file names: the 58 it had before the eleventh
// round's servers joined it, so that a server added later leaves the
// sample, and the cost figures, as they were.
var benchServers = strings.Fields(`airtable antv-chart aws-kb brave-search brave-search-ref
	browser-agent-infra browserbase chrome-devtools circleci cloud-run context7 currents
	datadog dbhub desktop-commander drawio eslint everart everything exa fetch-ts figma
	filesystem firecrawl git-cyanheads gitlab google-maps hubspot jira kubernetes lara
	launchdarkly mastra-docs memory mobile mongodb ms-365 neon netlify next-devtools notion
	npx-fetch nx perplexity playwright playwright-ea postgres puppeteer sequential-thinking
	server-github shadcn shopify-dev shortcut slack sqlite taskmanager tavily
	youtube-transcript`)

// realTools returns a tools list of n real servers' tools, those of
// benchServers in turn, as many times as it takes.
func realTools(tb testing.TB, n int) []byte {
	tb.Helper()
	var all []json.RawMessage
	for _, name := range benchServers {
		all = append(all, readTools(tb, filepath.Join("testdata/security/benign", name+".json"))...)
	}
	parts := make([]json.RawMessage, n)
	for i := range parts {
		parts[i] = all[i%len(all)]
	}
	return toolsList(parts)
}

// everyRealTool returns a tools list of n tools taken evenly from the
// tools of every real server of the corpus, benign/ in the order of
// their file names: a sample of real tools as long as they are on
// average, where realTools's servers' are longer.
func everyRealTool(tb testing.TB, n int) []byte {
	tb.Helper()
	files, _ := filepath.Glob("testdata/security/benign/*.json")
	var all []json.RawMessage
	for _, f := range files {
		all = append(all, readTools(tb, f)...)
	}
	if len(all) < n {
		tb.Fatalf("%d real tools, want at least %d", len(all), n)
	}
	parts := make([]json.RawMessage, n)
	for i := range parts {
		parts[i] = all[i*len(all)/n]
	}
	return toolsList(parts)
}

// readTools reads the tools of a tools/list result.
func readTools(tb testing.TB, path string) []json.RawMessage {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var list struct{ Tools []json.RawMessage }
	if err := json.Unmarshal(data, &list); err != nil || len(list.Tools) == 0 {
		tb.Fatalf("%s: no tools: %v", path, err)
	}
	return list.Tools
}

// toolsList is a tools/list result of tools, one a line.
func toolsList(tools []json.RawMessage) []byte {
	var b bytes.Buffer
	b.WriteString("{\"tools\": [\n")
	for i, t := range tools {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.Write(t)
	}
	b.WriteString("\n]}")
	return b.Bytes()
}

// withoutSecurityRules runs fn with the security rules out of the rule
// table, as if they did not exist: a benchmark's floor.
func withoutSecurityRules(fn func()) {
	table, index := ruleTable, ruleIndex
	defer func() { ruleTable, ruleIndex = table, index }()
	ruleTable = slices.DeleteFunc(slices.Clone(table), func(r *Rule) bool { return strings.HasPrefix(r.Code, SecurityPrefix) })
	fn()
}

// BenchmarkSecurityRules lints 1,000 real servers' tools, parsed once,
// with every rule that runs by default and, in turn in each iteration,
// without the security rules: their cost is the difference; and with
// the rules alone, not weighed by the security model: the model's cost
// is the difference with the first. It reports
// the milliseconds of each lint and of the difference, in wall time and
// in the process's CPU time, which a machine busy with other work
// inflates less. It does so on two samples: the 58 servers' tools the
// cost has been measured on since the goal was set (2.3 MB), and 1,000
// taken evenly from every real server of the corpus (1.3 MB).
func BenchmarkSecurityRules(b *testing.B) {
	b.Run("58-servers", func(b *testing.B) { benchSecurityRules(b, realTools(b, 1000)) })
	b.Run("every-server", func(b *testing.B) { benchSecurityRules(b, everyRealTool(b, 1000)) })
}

func benchSecurityRules(b *testing.B, tools []byte) {
	doc, err := jsondoc.Parse("real.json", tools)
	if err != nil {
		b.Fatal(err)
	}
	var wall, cpu [3]time.Duration // with, without, with the rules alone
	measure := func(k int) {
		start, startCPU := time.Now(), cpuTime(b)
		Lint(doc, Options{SecurityRulesAlone: k == 2})
		wall[k] += time.Since(start)
		cpu[k] += cpuTime(b) - startCPU
	}
	b.ReportAllocs()
	for b.Loop() {
		measure(0)
		withoutSecurityRules(func() { measure(1) })
		measure(2)
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(b.N) / 1e6 }
	b.ReportMetric(ms(wall[0]), "with-ms")
	b.ReportMetric(ms(wall[1]), "without-ms")
	b.ReportMetric(ms(wall[0]-wall[1]), "security-ms")
	b.ReportMetric(ms(cpu[0]), "with-cpu-ms")
	b.ReportMetric(ms(cpu[1]), "without-cpu-ms")
	b.ReportMetric(ms(cpu[0]-cpu[1]), "security-cpu-ms")
	b.ReportMetric(ms(cpu[0]-cpu[2]), "model-cpu-ms")
	b.ReportMetric(float64(len(tools))/1e6, "MB")
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSecurityScan scans the texts of 1,000 real servers' tools:
// the work the security rules share, without the rest of a lint.
func BenchmarkSecurityScan(b *testing.B) {
	doc, err := jsondoc.Parse("real.json", realTools(b, 1000))
	if err != nil {
		b.Fatal(err)
	}
	set := Lint(doc, Options{}).Tools
	b.ReportAllocs()
	for b.Loop() {
		for i := range set.Tools {
			scanTool(&set.Tools[i])
		}
	}
}
