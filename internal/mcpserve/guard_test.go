package mcpserve

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestAPanicInAToolIsAToolErrorThatSaysNothingOfGo(t *testing.T) {
	t.Parallel()
	var log strings.Builder
	h := guard(&log, func(context.Context, *mcp.CallToolRequest, lintInput) (*mcp.CallToolResult, lintOutput, error) {
		var m map[string]int
		m["boom"]++ // a defect: assignment to a nil map
		return nil, lintOutput{}, nil
	})
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "lint_tools"}}
	res, _, err := h(context.Background(), req, lintInput{})
	if res != nil || err == nil || err.Error() != "toolbench failed on this input; please report it with the input" {
		t.Errorf("result %v, error %v; want the failure said, and nothing of the panic", res, err)
	}
	if want := "toolbench mcp: lint_tools failed: assignment to entry in nil map"; !strings.Contains(log.String(), want) {
		t.Errorf("log %q, want %q", log.String(), want)
	}
}
