// Command gen writes the benchmark inputs of scripts/bench.sh into a
// directory: tools-N.json documents, calls.jsonl and flat.json.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"toolbench/internal/gen"
)

func main() {
	out := flag.String("out", ".", "directory to write into")
	tools := flag.String("tools", "2000,20000", "comma-separated tool counts, one document each")
	calls := flag.Int("calls", 200000, "number of JSON Lines calls")
	flag.Parse()
	write := func(name string, data []byte) {
		p := filepath.Join(*out, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		fmt.Printf("%s %d bytes\n", p, len(data))
	}
	for _, s := range strings.Split(*tools, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			fmt.Fprintln(os.Stderr, "gen: -tools:", err)
			os.Exit(2)
		}
		write(fmt.Sprintf("tools-%d.json", n), gen.Tools(n))
	}
	write("calls.jsonl", gen.Calls(*calls, 100))
	write("flat.json", gen.FlatSchemas(100))
}
