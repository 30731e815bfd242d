// Command floor reads every JSON token of its files with jsontext and does
// nothing else. scripts/bench.sh measures toolbench against it: no JSON
// tool can check a file faster than it can read the file's tokens.
package main

import (
	"bufio"
	"fmt"
	"os"

	"toolbench/internal/floor"
)

func main() {
	tokens := 0
	for _, path := range os.Args[1:] {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "floor:", err)
			os.Exit(2)
		}
		n, err := floor.Tokens(bufio.NewReaderSize(f, 1<<16))
		f.Close()
		if err != nil {
			fmt.Fprintln(os.Stderr, "floor:", err)
			os.Exit(2)
		}
		tokens += n
	}
	fmt.Println(tokens, "tokens")
}
