// Command floor reads every JSON token of its files with jsontext and does
// nothing else. scripts/bench.sh measures toolbench against it: no JSON
// tool can check a file faster than it can read the file's tokens.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/go-json-experiment/json/jsontext"
)

func main() {
	tokens := 0
	for _, path := range os.Args[1:] {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "floor:", err)
			os.Exit(2)
		}
		d := jsontext.NewDecoder(bufio.NewReaderSize(f, 1<<16), jsontext.AllowDuplicateNames(true))
		for {
			if _, err := d.ReadToken(); err != nil {
				if err != io.EOF {
					fmt.Fprintln(os.Stderr, "floor:", err)
					os.Exit(2)
				}
				break
			}
			tokens++
		}
		f.Close()
	}
	fmt.Println(tokens, "tokens")
}
