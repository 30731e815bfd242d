#!/usr/bin/env bash
# bench.sh measures toolbench against floors taken in the same run, so the
# ratios hold on a shared machine where absolute times drift.
#
#   scripts/bench.sh [RUNS]     (default 5 runs a measurement; the median counts)
#
# It builds toolbench and scripts/floor (a program that only reads every
# JSON token with jsontext), writes the inputs with scripts/gen into a
# temporary directory, and prints each goal's ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/toolbench" .
go build -o "$tmp/floor" ./scripts/floor
go run ./scripts/gen -out "$tmp" -tools 2000,20000 -calls 200000 >/dev/null

# median_ms CMD...: the median wall time of $runs runs, in milliseconds.
median_ms() {
	local times=() i start end
	for ((i = 0; i < runs; i++)); do
		start=$(date +%s%N)
		"$@" >/dev/null 2>&1 || true
		end=$(date +%s%N)
		times+=($(((end - start) / 1000000)))
	done
	printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

# peak_kb CMD...: the peak resident set size of one run, in KiB.
# The command's own exit status (1 when it finds issues) does not count.
peak_kb() {
	{ /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null || true; } | tail -1
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) b = 1; printf "%.2f", a / b }'; }

big=$tmp/tools-20000.json
small=$tmp/tools-2000.json
size_kb=$(($(stat -c %s "$big") / 1024))
calls_kb=$(($(stat -c %s "$tmp/calls.jsonl") / 1024))
echo "inputs: tools-20000.json ${size_kb} KiB, calls.jsonl ${calls_kb} KiB (200000 lines); $runs runs each, medians"

floor_lint=$(median_ms "$tmp/floor" "$big")
lint=$(median_ms "$tmp/toolbench" lint --json "$big")
lint_small=$(median_ms "$tmp/toolbench" lint --json "$small")
py_lint=$(median_ms python3 scripts/baseline/lint.py "$big")
echo
echo "1. lint --json, 20000 tools: ${lint} ms; token floor ${floor_lint} ms; Python ${py_lint} ms"
echo "   lint / floor   = $(ratio "$lint" "$floor_lint")x   (goal <= 2.5)"
echo "   Python / lint  = $(ratio "$py_lint" "$lint")x   (goal >= 5)"

floor_calls=$(median_ms "$tmp/floor" "$tmp/calls.jsonl")
calls=$(median_ms "$tmp/toolbench" call --json "$tmp/flat.json" "$tmp/calls.jsonl")
py_calls=$(median_ms python3 scripts/baseline/call.py "$tmp/flat.json" "$tmp/calls.jsonl")
echo
echo "2. call --json, 200000 calls: ${calls} ms; token floor ${floor_calls} ms; Python ${py_calls} ms"
echo "   call / floor   = $(ratio "$calls" "$floor_calls")x   (goal <= 4)"
echo "   Python / call  = $(ratio "$py_calls" "$calls")x   (goal >= 10)"

echo
echo "3. growth: 2000 tools ${lint_small} ms, 20000 tools ${lint} ms"
echo "   10x tools cost = $(ratio "$lint" "$lint_small")x   (goal <= 12)"

peak=$(peak_kb "$tmp/toolbench" lint --json "$big")
echo
echo "4. peak memory linting 20000 tools: ${peak} KiB for a ${size_kb} KiB file"
echo "   peak / size    = $(ratio "$peak" "$size_kb")x   (goal <= 5)"

# The list is read whole first: grep -q would stop at the first match and,
# under pipefail, fail the pipeline it cut short.
benches=$(go test -list 'BenchmarkCallKeystroke' ./tui 2>/dev/null || true)
if grep -q BenchmarkCallKeystroke <<<"$benches"; then
	echo
	echo "5. workbench: one keystroke in the call tester, 10000 tools loaded"
	go test -run '^$' -bench 'BenchmarkCallKeystroke' -benchtime 2000x ./tui | grep -E '^Benchmark' | sed 's/^/   /'
	echo "   (goal < 1 ms = 1000000 ns/op)"
fi
