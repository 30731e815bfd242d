#!/usr/bin/env bash
# bench.sh measures toolbench against floors taken in the same run, so the
# ratios hold on a shared machine where absolute times drift.
#
#   scripts/bench.sh [RUNS]     (default 9 runs a measurement; the median counts)
#
# The goals are about wall time, and toolbench uses every processor while
# the floor and the Python baselines use one; the CPU time of both sides
# is printed beside the ratios so that the difference shows.
#
# It builds toolbench, scripts/floor (a program that only reads every
# JSON token with jsontext), scripts/schemainit (one that only links the
# JSON Schema library), scripts/bareclient (a bare MCP client of the
# SDK) and the Go test server of the MCP tests, writes the inputs with
# scripts/gen into a temporary directory, and prints each goal's ratio. The commands compared
# in a ratio run in turn, one run of each per round, so that a slow spell
# of the machine slows both sides of the ratio alike.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-9}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/toolbench" .
go build -o "$tmp/floor" ./scripts/floor
go build -o "$tmp/schemainit" ./scripts/schemainit
go build -o "$tmp/bareclient" ./scripts/bareclient
# internal/cli's test binary is the Go test server of its MCP tests
# (mcpserver_test.go): TOOLBENCH_TEST_SERVER names what it serves.
go test -c -o "$tmp/testserver" ./internal/cli
go run ./scripts/gen -out "$tmp" -tools 1,2000,20000 -calls 200000 >/dev/null

big=$tmp/tools-20000.json
small=$tmp/tools-2000.json
tiny=$tmp/tools-1.json
calls=$tmp/calls.jsonl
flat=$tmp/flat.json
# A second version of the large file, for diff: the first fixed.
fixed=$tmp/tools-20000-fixed.json
"$tmp/toolbench" fix -o "$fixed" "$big" 2>/dev/null

# The commands measured. Exit status 1 (issues found) is not a failure.
floor_lint() { "$tmp/floor" "$big"; }
lint_big() { "$tmp/toolbench" lint --json "$big"; }
lint_small() { "$tmp/toolbench" lint --json "$small"; }
py_lint() { python3 scripts/baseline/lint.py "$big"; }
floor_calls() { "$tmp/floor" "$calls"; }
check_calls() { "$tmp/toolbench" call --json "$flat" "$calls"; }
py_calls() { python3 scripts/baseline/call.py "$flat" "$calls"; }
dump_server() { "$tmp/toolbench" dump --server-cmd "$tmp/testserver" -e TOOLBENCH_TEST_SERVER=pages; }
bare_server() { TOOLBENCH_TEST_SERVER=pages "$tmp/bareclient" "$tmp/testserver"; }
# A process starts in a few milliseconds, which one run's time, kept to
# the millisecond, cannot tell apart: these run $starts times a sample.
starts=20
times_of() {
	local i s
	for ((i = 0; i < starts; i++)); do
		"$@"
		s=$?
		((s <= 1)) || return $s
	done
}
start_toolbench() { times_of "$tmp/toolbench" dump "$tmp/none.json"; }
start_floor() { times_of "$tmp/floor" "$tmp/none.json"; }
start_schema() { times_of "$tmp/schemainit"; }
lint_tiny() { times_of "$tmp/toolbench" lint --json "$tiny"; }
fix_big() { "$tmp/toolbench" fix "$big"; }
diff_big() { "$tmp/toolbench" diff --json "$big" "$fixed"; }

# one FUNC: runs FUNC once and sets wall and cpu to its wall time and its
# CPU time (user and system), in milliseconds. It waits a moment first, so that
# what the previous run left the kernel to do (a process that freed much
# memory does) is not counted against this one. A command that exits
# other than 0 or 1 (1 is issues found) stops the script: its time
# would measure a failure.
one() {
	local times status
	sleep 0.2
	TIMEFORMAT='%3R %3U %3S'
	times=$({ time {
		if "$1" >/dev/null 2>"$tmp/stderr"; then echo 0; else echo $?; fi >"$tmp/status"
	}; } 2>&1)
	status=$(cat "$tmp/status")
	if ((status > 1)); then
		echo "bench.sh: $1 exited with status $status: $(head -c 500 "$tmp/stderr")" >&2
		exit 1
	fi
	read -r wall cpu < <(awk '{ printf "%d %d\n", $1 * 1000, ($2 + $3) * 1000 }' <<<"$times")
}

# rounds FUNC...: runs each FUNC once a round for $runs rounds, each
# round starting one further along the list (so that no command always
# follows the same one), and sets median[FUNC] and cpu[FUNC] to the
# medians of its wall and CPU times.
declare -A median cpu
rounds() {
	local -A walls cpus
	local f i k n=$#
	local fs=("$@")
	for ((i = 0; i < runs; i++)); do
		for ((k = 0; k < n; k++)); do
			f=${fs[$(((i + k) % n))]}
			one "$f"
			walls[$f]+="$wall "
			cpus[$f]+="$cpu "
		done
	done
	for f in "$@"; do
		median[$f]=$(mid ${walls[$f]})
		cpu[$f]=$(mid ${cpus[$f]})
	done
}

# mid N...: the median of the numbers.
mid() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# peak_kb CMD...: the peak resident set size of one run, in KiB.
peak_kb() {
	{ /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null || true; } | tail -1
}

# per MS: one start's share of a sample of $starts, in milliseconds.
per() { awk -v t="$1" -v n="$starts" 'BEGIN { printf "%.1f", t / n }'; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) b = 1; printf "%.2f", a / b }'; }

# verdict VALUE OP LIMIT: "met" or "not met".
verdict() { awk -v v="$1" -v l="$3" -v op="$2" 'BEGIN { ok = (op == "<=") ? v <= l : v >= l; print ok ? "met" : "NOT met" }'; }

size_kb=$(($(stat -c %s "$big") / 1024))
calls_kb=$(($(stat -c %s "$calls") / 1024))
echo "inputs: tools-20000.json ${size_kb} KiB, calls.jsonl ${calls_kb} KiB (200000 lines)"
echo "$runs rounds, each command once a round; medians"

# Python runs in rounds of its own: a process that frees a gigabyte
# leaves the machine busy for a while, which the floor should not pay.
rounds floor_lint lint_big lint_small
lint=${median[lint_big]}
lint_cpu=${cpu[lint_big]}
rounds py_lint lint_big
r1=$(ratio "$lint" "${median[floor_lint]}")
p1=$(ratio "${median[py_lint]}" "${median[lint_big]}")
echo
echo "1. lint --json, 20000 tools: $lint ms; token floor ${median[floor_lint]} ms"
echo "   lint / floor   = ${r1}x   (goal <= 2.5: $(verdict "$r1" "<=" 2.5))"
echo "   CPU time, all processors: lint $lint_cpu ms, floor ${cpu[floor_lint]} ms ($(ratio "$lint_cpu" "${cpu[floor_lint]}")x)"
echo "   Python ${median[py_lint]} ms, lint in the same rounds ${median[lint_big]} ms"
echo "   Python / lint  = ${p1}x   (goal >= 5: $(verdict "$p1" ">=" 5))"

rounds floor_calls check_calls
call=${median[check_calls]}
call_cpu=${cpu[check_calls]}
rounds py_calls check_calls
r2=$(ratio "$call" "${median[floor_calls]}")
p2=$(ratio "${median[py_calls]}" "${median[check_calls]}")
echo
echo "2. call --json, 200000 calls: $call ms; token floor ${median[floor_calls]} ms"
echo "   call / floor   = ${r2}x   (goal <= 4: $(verdict "$r2" "<=" 4))"
echo "   CPU time, all processors: call $call_cpu ms, floor ${cpu[floor_calls]} ms ($(ratio "$call_cpu" "${cpu[floor_calls]}")x)"
echo "   Python ${median[py_calls]} ms, call in the same rounds ${median[check_calls]} ms"
echo "   Python / call  = ${p2}x   (goal >= 10: $(verdict "$p2" ">=" 10))"

g=$(ratio "$lint" "${median[lint_small]}")
echo
echo "3. growth: 2000 tools ${median[lint_small]} ms, 20000 tools $lint ms"
echo "   10x tools cost = ${g}x   (goal <= 12: $(verdict "$g" "<=" 12))"

peak=$(peak_kb "$tmp/toolbench" lint --json "$big")
m=$(ratio "$peak" "$size_kb")
echo
echo "4. peak memory linting 20000 tools: ${peak} KiB for a ${size_kb} KiB file"
echo "   peak / size    = ${m}x   (goal <= 5: $(verdict "$m" "<=" 5))"

# A server's tools: spawn, initialize, five pages of tools/list, close,
# through toolbench and through a bare client of the SDK. Both pay the
# server's start; toolbench pays its own start too, shown beside.
echo '[]' >"$tmp/none.json"
rounds bare_server dump_server start_floor start_toolbench
r6=$(ratio "${median[dump_server]}" "${median[bare_server]}")
echo
echo "5. dump --server-cmd, 15 tools in 5 pages from the Go test server: ${median[dump_server]} ms;"
echo "   a bare SDK client that connects, lists and exits ${median[bare_server]} ms"
echo "   dump / bare    = ${r6}x   (goal <= 1.2: $(verdict "$r6" "<=" 1.2))"
echo "   of which starting a process: toolbench $(per "${median[start_toolbench]}") ms, a minimal Go program $(per "${median[start_floor]}") ms"
rounds start_floor start_schema lint_tiny
r9=$(ratio "${median[lint_tiny]}" "${median[start_floor]}")
echo
echo "6. start-up, each run $starts times a sample: lint --json of a $(stat -c %s "$tiny")-byte file $(per "${median[lint_tiny]}") ms;"
echo "   a minimal Go program $(per "${median[start_floor]}") ms"
echo "   lint / minimal = ${r9}x   (goal <= 3: $(verdict "$r9" "<=" 3))"
echo "   a Go program that only links the JSON Schema library: $(per "${median[start_schema]}") ms ($(ratio "${median[start_schema]}" "${median[start_floor]}")x)"
rounds lint_big fix_big diff_big
f=$(ratio "${median[fix_big]}" "${median[lint_big]}")
d=$(ratio "${median[diff_big]}" "${median[lint_big]}")
echo
echo "7. fix, 20000 tools (the diff of $(grep -c '^@@' <("$tmp/toolbench" fix "$big" 2>/dev/null || true)) hunks): ${median[fix_big]} ms; lint --json in the same rounds ${median[lint_big]} ms"
echo "   fix / lint     = ${f}x   (goal <= 2: $(verdict "$f" "<=" 2))"
echo "   diff --json of it and its fixed version: ${median[diff_big]} ms"
echo "   diff / lint    = ${d}x   (goal <= 3: $(verdict "$d" "<=" 3))"

# The list is read whole first: grep -q would stop at the first match and,
# under pipefail, fail the pipeline it cut short.
benches=$(go test -list 'BenchmarkCallKeystroke' ./tui 2>/dev/null || true)
if grep -q BenchmarkCallKeystroke <<<"$benches"; then
	echo
	echo "8. workbench, 10000 tools loaded: one keystroke in the call tester, and"
	echo "   what Update does with a reload (its linting runs in a command)"
	go test -run '^$' -bench 'BenchmarkCallKeystroke|BenchmarkReloadUpdate' -benchtime 2000x ./tui | grep -E '^Benchmark' | sed 's/^/   /'
	echo "   (goal < 1 ms = 1000000 ns/op)"
fi

benches=$(go test -list 'BenchmarkCallRoundTrip' ./tui 2>/dev/null || true)
if grep -q BenchmarkCallRoundTrip <<<"$benches"; then
	echo
	echo "9. workbench on a server: a call from ctrl+r to its result on screen, the Go"
	echo "   SDK server in process over Streamable HTTP; added = that minus the server's"
	echo "   own handling of tools/call; client = the round trip toolbench call --run times"
	go test -run '^$' -bench 'BenchmarkCallRoundTrip' -benchtime 3000x ./tui | grep -E '^Benchmark' | sed 's/^/   /'
	echo "   (goal: added-ms/op < 1)"
fi

# Every server of a servers file at once: reached in parallel, each
# linted, then checked together, against the slowest of them linted on
# its own (lint --server NAME). The Go test servers, three of them; and,
# when node and the workbench tests' server-everything are installed,
# server-everything beside two Go test servers, as a project's .mcp.json
# mixes them.
servers_file() {
	local name behaviour sep=""
	printf '{"mcpServers": {'
	for s in "$@"; do
		name=${s%%=*} behaviour=${s#*=}
		if [[ $behaviour == everything ]]; then
			printf '%s"%s": {"command": "node", "args": ["%s", "stdio"]}' "$sep" "$name" "$everything"
		else
			printf '%s"%s": {"command": "%s", "env": {"TOOLBENCH_TEST_SERVER": "%s"}}' "$sep" "$name" "$tmp/testserver" "$behaviour"
		fi
		sep=", "
	done
	printf '}}\n'
}
everything=$PWD/internal/mcpclient/testdata/mcp/node_modules/@modelcontextprotocol/server-everything/dist/index.js
servers_file one=pages two=tools three=pages >"$tmp/go-servers.json"
all_go() { "$tmp/toolbench" lint --json --all-servers --mcp-config "$tmp/go-servers.json"; }
go_one() { "$tmp/toolbench" lint --json --server one --mcp-config "$tmp/go-servers.json"; }
go_two() { "$tmp/toolbench" lint --json --server two --mcp-config "$tmp/go-servers.json"; }
go_three() { "$tmp/toolbench" lint --json --server three --mcp-config "$tmp/go-servers.json"; }
rounds all_go go_one go_two go_three
slowest=$(printf '%s\n' "${median[go_one]}" "${median[go_two]}" "${median[go_three]}" | sort -n | tail -1)
r10=$(ratio "${median[all_go]}" "$slowest")
echo
echo "10. lint --all-servers, three Go test servers: ${median[all_go]} ms; the slowest alone $slowest ms"
echo "   (each alone: ${median[go_one]}, ${median[go_two]}, ${median[go_three]} ms)"
echo "   all / slowest  = ${r10}x   (goal <= 1.2: $(verdict "$r10" "<=" 1.2))"
echo "   CPU time, all processors: all ${cpu[all_go]} ms, the slowest alone about $(printf '%s\n' "${cpu[go_one]}" "${cpu[go_two]}" "${cpu[go_three]}" | sort -n | tail -1) ms, on $(nproc) processors"
if command -v node >/dev/null && [[ -f $everything ]]; then
	servers_file everything=everything tools=tools pages=pages >"$tmp/mixed-servers.json"
	all_mixed() { "$tmp/toolbench" lint --json --all-servers --mcp-config "$tmp/mixed-servers.json"; }
	mixed_everything() { "$tmp/toolbench" lint --json --server everything --mcp-config "$tmp/mixed-servers.json"; }
	rounds all_mixed mixed_everything
	r11=$(ratio "${median[all_mixed]}" "${median[mixed_everything]}")
	echo "   server-everything and two Go test servers: ${median[all_mixed]} ms; server-everything alone ${median[mixed_everything]} ms"
	echo "   all / slowest  = ${r11}x   (goal <= 1.2: $(verdict "$r11" "<=" 1.2))"
fi

# The proxy in the path of a client's traffic: a proxy process (the
# proxy package's test binary) between a client and a server on stdio,
# against the same client and server without it, in the same run.
benches=$(go test -list 'BenchmarkAddedLatency' ./internal/proxy 2>/dev/null || true)
if grep -q BenchmarkAddedLatency <<<"$benches"; then
	# metric NAME: the value of the metric NAME on a benchmark's line.
	metric() { awk -v n="$1" '{ for (i = 2; i <= NF; i++) if ($i == n) print $(i - 1) }'; }
	go test -c -o "$tmp/proxy.test" ./internal/proxy
	bench() { (cd internal/proxy && "$tmp/proxy.test" -test.run '^$' -test.bench "$@" | grep -E '^Benchmark'); }
	echo
	echo "11. proxy: a small tools/call over stdio, each round trip timed directly and"
	echo "   through a proxy process, alternately, 5000 of each"
	for server in tools raw; do
		line=$(bench "BenchmarkAddedLatency/^$server\$" -test.benchtime 5000x)
		what="the Go SDK server"
		[[ $server == raw ]] && what="a server that answers at once"
		echo "   $what: p50 $(metric direct-p50-µs <<<"$line") µs direct, $(metric proxied-p50-µs <<<"$line") µs proxied;" \
			"p99 $(metric direct-p99-µs <<<"$line") µs, $(metric proxied-p99-µs <<<"$line") µs"
		a50=$(metric added-p50-µs <<<"$line") a99=$(metric added-p99-µs <<<"$line")
		echo "   added p50 = $a50 µs (goal < 100: $(verdict "$a50" "<=" 100)), added p99 = $a99 µs (goal < 1000: $(verdict "$a99" "<=" 1000))"
	done
	# The command a wrapped servers file runs, its record to a file.
	line=$(go test -run '^$' -bench 'BenchmarkProxyCommandAddedLatency' -benchtime 5000x ./internal/cli | grep -E '^Benchmark')
	a50=$(metric added-p50-µs <<<"$line") a99=$(metric added-p99-µs <<<"$line")
	echo "   toolbench proxy --record, the Go SDK server: p50 $(metric direct-p50-µs <<<"$line") µs direct, $(metric proxied-p50-µs <<<"$line") µs proxied;" \
		"added p50 = $a50 µs (goal < 100: $(verdict "$a50" "<=" 100)), added p99 = $a99 µs"
	echo "   small calls, 32 in flight, 20000 a round, median of 3 rounds:"
	for server in raw tools; do
		line=$(bench "BenchmarkThroughput/^$server\$" -test.benchtime 3x)
		what="the Go SDK server"
		[[ $server == raw ]] && what="a server that answers at once"
		p=$(metric proxied-calls/s <<<"$line")
		echo "   $what: $(metric direct-calls/s <<<"$line") calls/s direct, $p through the proxy (ratio $(metric ratio <<<"$line"))"
		[[ $server == raw ]] && echo "   through the proxy = $p calls/s (goal >= 10000 on $(nproc) processors: $(verdict "$p" ">=" 10000))"
	done
	line=$(bench 'BenchmarkLargeMessage' -test.benchtime 3x)
	r=$(metric peak/size <<<"$line")
	echo "   a tools/call result of $(metric message-MiB <<<"$line") MiB: relayed in $(metric relay-ms <<<"$line") ms, $(metric direct-ms <<<"$line") ms direct;" \
		"the proxy's peak memory $(metric peak-MiB <<<"$line") MiB ($(metric before-MiB <<<"$line") MiB before it)"
	echo "   peak / size    = ${r}x   (goal < 2: $(verdict "$r" "<=" 2))"
fi
