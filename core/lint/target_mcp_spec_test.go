package lint

import (
	"slices"
	"strings"
	"testing"
)

// specExamples are the example tools of the MCP specification's revision
// 2026-07-28, quoted as the specification writes them, each with the
// section and the line of its JSON block in
// modelcontextprotocol/modelcontextprotocol,
// docs/specification/2026-07-28/server/tools.mdx. Each is a document of
// its own: two of them are tools named calculate_sum.
var specExamples = []struct{ name, src string }{
	// "Listing Tools, response", line 98.
	{"Listing Tools, response", `{
  "jsonrpc": "2.0",
  "id": 1,
  "result": {
    "resultType": "complete",
    "tools": [
      {
        "name": "get_weather",
        "title": "Weather Information Provider",
        "description": "Get current weather information for a location",
        "inputSchema": {
          "type": "object",
          "properties": {
            "location": {
              "type": "string",
              "description": "City name or zip code"
            }
          },
          "required": ["location"]
        },
        "icons": [
          {
            "src": "https://example.com/weather-icon.png",
            "mimeType": "image/png",
            "sizes": ["48x48"]
          }
        ]
      }
    ],
    "nextCursor": "next-page-cursor",
    "ttlMs": 300000,
    "cacheScope": "public"
  }
}`},
	// "x-mcp-header, example tool definition", line 372.
	{"x-mcp-header, example tool definition", `{
  "name": "execute_sql",
  "description": "Execute SQL on Google Cloud Spanner",
  "inputSchema": {
    "type": "object",
    "properties": {
      "region": {
        "type": "string",
        "description": "The region to execute the query in",
        "x-mcp-header": "Region"
      },
      "query": {
        "type": "string",
        "description": "The SQL query to execute"
      }
    },
    "required": ["region", "query"]
  }
}`},
	// "Output Schema, example tool with output schema", line 519.
	{"Output Schema, example tool with output schema", `{
  "name": "get_weather_data",
  "title": "Weather Data Retriever",
  "description": "Get current weather data for a location",
  "inputSchema": {
    "type": "object",
    "properties": {
      "location": {
        "type": "string",
        "description": "City name or zip code"
      }
    },
    "required": ["location"]
  },
  "outputSchema": {
    "type": "object",
    "properties": {
      "temperature": {
        "type": "number",
        "description": "Temperature in celsius"
      },
      "conditions": {
        "type": "string",
        "description": "Weather conditions description"
      },
      "humidity": {
        "type": "number",
        "description": "Humidity percentage"
      }
    },
    "required": ["temperature", "conditions", "humidity"]
  }
}`},
	// "Output Schema, example tool with array output schema", line 580.
	{"Output Schema, example tool with array output schema", `{
  "name": "list_users",
  "title": "User List",
  "description": "Returns a list of all users",
  "inputSchema": {
    "type": "object",
    "properties": {}
  },
  "outputSchema": {
    "type": "array",
    "items": {
      "type": "object",
      "properties": {
        "id": { "type": "string" },
        "name": { "type": "string" },
        "email": { "type": "string" }
      },
      "required": ["id", "name", "email"]
    }
  }
}`},
	// "Schema Examples, tool with default 2020-12 schema", line 637.
	{"Schema Examples, tool with default 2020-12 schema", `{
  "name": "calculate_sum",
  "description": "Add two numbers",
  "inputSchema": {
    "type": "object",
    "properties": {
      "a": { "type": "number" },
      "b": { "type": "number" }
    },
    "required": ["a", "b"]
  }
}`},
	// "Schema Examples, tool with explicit draft-07 schema", line 654.
	{"Schema Examples, tool with explicit draft-07 schema", `{
  "name": "calculate_sum",
  "description": "Add two numbers",
  "inputSchema": {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "properties": {
      "a": { "type": "number" },
      "b": { "type": "number" }
    },
    "required": ["a", "b"]
  }
}`},
	// "Schema Examples, tool with no parameters", line 672.
	{"Schema Examples, tool with no parameters", `{
  "name": "get_current_time",
  "description": "Returns the current server time",
  "inputSchema": {
    "type": "object",
    "additionalProperties": false
  }
}`},
}

// The specification's own examples are clean under --target mcp: no
// error and no warning of the specification's rules, nor of the rules
// every lint runs, but for the short description of calculate_sum ("Add
// two numbers", 15 characters), which short-description, toolbench's
// own judgement of descriptions rather than a rule of the specification,
// finds too short.
func TestTheSpecificationsExampleToolsAreCleanUnderMCP(t *testing.T) {
	for _, ex := range specExamples {
		t.Run(ex.name, func(t *testing.T) {
			res := lintWith(t, ex.src, []string{"mcp"}, nil)
			for _, is := range res.Issues {
				if is.Code == "short-description" && is.Tool == "calculate_sum" {
					continue
				}
				t.Errorf("%s %s %s: %s", is.Severity, is.Code, is.Path, is.Message)
			}
		})
	}
}

// Revision 2025-11-25 held outputSchema to an object; the example of an
// array output schema breaks it, and the older target says so.
func TestTheArrayOutputSchemaExampleBreaksRevision20251125(t *testing.T) {
	i := slices.IndexFunc(specExamples, func(ex struct{ name, src string }) bool { return strings.Contains(ex.src, `"list_users"`) })
	res := lintWith(t, specExamples[i].src, []string{"mcp@2025-11-25"}, nil)
	got := issuesMatching(res, []string{"mcp/"})
	if len(got) != 1 || got[0].Code != "mcp/output-schema-not-object" || got[0].Path != "$.outputSchema.type" || res.Errors != 1 {
		t.Errorf("issues %+v, want the one error mcp/output-schema-not-object at $.outputSchema.type", res.Issues)
	}
}
