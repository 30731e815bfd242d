// Package gen writes large, deterministic tool documents and call logs for
// toolbench's benchmarks and scripts/bench.sh. Nothing it writes is
// committed: benchmarks generate their input in memory.
package gen

import (
	"bytes"
	"fmt"
	"strconv"
)

// Tools returns an indented OpenAI-shaped tools document of n tools, about
// 1.5 KB each. Every tenth tool carries one defect the linter reports,
// rotating through the base rules.
func Tools(n int) []byte {
	var b bytes.Buffer
	b.Grow(n * 1600)
	b.WriteString("[\n")
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		writeTool(&b, i)
	}
	b.WriteString("\n]\n")
	return b.Bytes()
}

func writeTool(b *bytes.Buffer, i int) {
	defect := -1
	if i%10 == 9 {
		defect = (i / 10) % 6
	}
	name := "tool_" + strconv.Itoa(i)
	if defect == 0 {
		name = "tool " + strconv.Itoa(i) + "!"
	}
	desc := "Look up the current records for a customer account and return them with their status, owner and history."
	if defect == 4 {
		desc = "Lookup"
	}
	cityType := "string"
	if defect == 1 {
		cityType = "str"
	}
	fmt.Fprintf(b, `  {
    "type": "function",
    "function": {
      "name": %q,
      "description": %q,
      "parameters": {
        "type": "object",
        "properties": {
          "city": {
            "type": %q,
            "description": "City name as the user wrote it, for example Paris or San Francisco."
          },
          "limit": {
            "type": "integer",
            "description": "Largest number of records to return.",
            "minimum": 1,
            "maximum": 100
          },
          "units": {
            "type": "string",
            "description": "Unit system for the figures in the answer.",
            "enum": ["metric", "imperial", "kelvin"%s]
          },
`, name, desc, cityType, dupEnum(defect == 5))
	if defect == 3 {
		b.WriteString(`          "tags": {
            "type": "array",
            "description": "Labels to filter the records by."
          },
`)
	} else {
		b.WriteString(`          "tags": {
            "type": "array",
            "description": "Labels to filter the records by.",
            "items": {"type": "string"}
          },
`)
	}
	b.WriteString(`          "filter": {
            "type": "object",
            "description": "Conditions the records must meet.",
            "properties": {
              "status": {"type": "string", "enum": ["open", "closed"]},
              "since": {"type": "string", "format": "date-time"}
            },
            "required": ["status"]
          },
          "verbose": {
            "type": "boolean",
            "description": "Whether to include the full history of each record."
          }
        },
`)
	if defect == 2 {
		b.WriteString(`        "required": ["city", "state"]` + "\n")
	} else {
		b.WriteString(`        "required": ["city", "limit"]` + "\n")
	}
	b.WriteString("      }\n    }\n  }")
}

func dupEnum(dup bool) string {
	if dup {
		return `, "metric"`
	}
	return ""
}

// Calls returns n JSON Lines calls, about 70 bytes each, against the
// tools of FlatSchemas(tools): mostly valid, one in five with an error.
func Calls(n, tools int) []byte {
	var b bytes.Buffer
	b.Grow(n * 72)
	for i := 0; i < n; i++ {
		t := i % tools
		switch i % 5 {
		case 0, 1, 2:
			fmt.Fprintf(&b, `{"name":"tool_%d","arguments":{"city":"Paris","limit":%d,"units":"metric"}}`, t, i%100)
		case 3:
			fmt.Fprintf(&b, `{"name":"tool_%d","arguments":{"limit":true,"debug":1,"tags":["a","b"]}}`, t)
		case 4:
			fmt.Fprintf(&b, `{"name":"tool_%d","args":{"city":"Rome","limit":3,"verbose":false}}`, t)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// FlatSchemas returns a flat schema file for tool_0 .. tool_{n-1}, the
// tools Calls refers to.
func FlatSchemas(n int) []byte {
	var b bytes.Buffer
	b.WriteString("{\n")
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `  "tool_%d": {"required": {"city": "str", "limit": "int"}, "optional": {"units": "str", "tags": "list", "verbose": "bool", "ratio": "float"}}`, i)
	}
	b.WriteString("\n}\n")
	return b.Bytes()
}
