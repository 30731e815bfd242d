// Command schemainit is a Go program that does nothing but link the JSON
// Schema library toolbench validates with, so that scripts/bench.sh can
// show what that library's initialisation (it compiles the meta-schema of
// every draft when the program starts) costs every toolbench command.
package main

import _ "github.com/santhosh-tekuri/jsonschema/v6"

func main() {}
