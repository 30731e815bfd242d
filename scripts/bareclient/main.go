// Command bareclient is the floor that scripts/bench.sh measures
// `toolbench dump --server-cmd` against: a bare client of the official
// MCP SDK that spawns a stdio server, connects with the protocol version
// toolbench asks for, lists every page of its tools, closes and exits.
// It prints the number of tools, so that its work cannot be skipped.
//
//	bareclient CMD [ARGS...]
package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: bareclient CMD [ARGS...]")
		os.Exit(2)
	}
	n, err := list(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "bareclient:", err)
		os.Exit(1)
	}
	fmt.Println(n)
}

func list(argv []string) (int, error) {
	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "bareclient", Version: "0"}, nil)
	transport := &mcp.CommandTransport{Command: exec.Command(argv[0], argv[1:]...)}
	session, err := client.Connect(ctx, transport, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, err := range session.Tools(ctx, nil) {
		if err != nil {
			session.Close()
			return 0, err
		}
		n++
	}
	return n, session.Close()
}
