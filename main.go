// Command toolbench lints LLM tool definitions, checks model-proposed tool
// calls against them, and opens a live workbench on a tools.json. Its
// command line is package toolbench/internal/cli.
package main

import (
	"os"

	"toolbench/internal/cli"
)

// Set when building, to name a release, where to read about it, and the
// revision of that repository whose documents describe this build:
//
//	go build -ldflags "-X main.version=v1.2.0 -X main.informationURI=https://github.com/o/toolbench -X main.docsRef=v1.2.0" .
var (
	version        string
	informationURI string
	docsRef        string
)

func main() {
	os.Exit(cli.Main(cli.Build{Version: version, InformationURI: informationURI, DocsRef: docsRef}))
}
