package mcpserve

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestAPanicInAToolIsAToolError(t *testing.T) {
	t.Parallel()
	h := guard(func(context.Context, *mcp.CallToolRequest, lintInput) (*mcp.CallToolResult, lintOutput, error) {
		var m map[string]int
		m["boom"]++ // a defect: assignment to a nil map
		return nil, lintOutput{}, nil
	})
	res, _, err := h(context.Background(), nil, lintInput{})
	if res != nil || err == nil || !strings.Contains(err.Error(), "toolbench failed on this input (assignment to entry in nil map)") {
		t.Errorf("result %v, error %v; want the panic as an error", res, err)
	}
}
