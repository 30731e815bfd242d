package source

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"toolbench/internal/auxfile"
)

func TestAllServersAreTheServersFilesInItsOrder(t *testing.T) {
	inDir(t)
	file := `{"mcpServers": {"web": {"url": "http://h/mcp"}, "files": {"command": "files-server"}, "alpha": {"command": "a"}}}`
	if err := os.WriteFile(".mcp.json", []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := AllServers(Server{Timeout: 3 * time.Second, ProtocolVersion: "2025-06-18"})
	if err != nil {
		t.Fatal(err)
	}
	want := []Server{
		{Name: "web", ServersFile: ".mcp.json", Timeout: 3 * time.Second, ProtocolVersion: "2025-06-18"},
		{Name: "files", ServersFile: ".mcp.json", Timeout: 3 * time.Second, ProtocolVersion: "2025-06-18"},
		{Name: "alpha", ServersFile: ".mcp.json", Timeout: 3 * time.Second, ProtocolVersion: "2025-06-18"},
	}
	if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(Server{})); diff != "" {
		t.Errorf("servers (-want +got):\n%s", diff)
	}
	if err := os.WriteFile("empty.json", []byte(`{"mcpServers": {}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := AllServers(Server{ServersFile: "empty.json"}); err == nil || err.Error() != "empty.json lists no server" {
		t.Errorf("a file of no servers: %v", err)
	}
	if _, err := AllServers(Server{ServersFile: "none.json"}); err == nil || !strings.Contains(err.Error(), "none.json") {
		t.Errorf("a file that is not there: %v", err)
	}
}

func TestAllServersReadsTheServersFileOnceForEveryServer(t *testing.T) {
	inDir(t)
	file := `{"mcpServers": {
  "files": {"command": "files-server", "args": ["--root", "${ROOT}"]},
  "web": {"url": "https://h/mcp", "headers": {"Authorization": "Bearer ${TOKEN}"}},
  "broken": {"command": 5}
}}`
	if err := os.WriteFile(".mcp.json", []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	all, err := AllServers(Server{})
	if err != nil {
		t.Fatal(err)
	}
	// What each server is, as a server named alone reads it, from the
	// file, before it goes.
	lookup := func(k string) (string, bool) { return map[string]string{"ROOT": "/srv", "TOKEN": "t0k"}[k], true }
	var want []string
	for _, s := range all {
		spec, err := Server{Name: s.Name}.Spec(lookup)
		entry, _ := Server{Name: s.Name}.Entry()
		want = append(want, fmt.Sprintf("%+v %v %d-%d", spec, err, entry.Start, entry.End))
	}
	if err := os.Remove(".mcp.json"); err != nil {
		t.Fatal(err)
	}
	// A server AllServers gave reads the file no more: gone, it is not
	// missed.
	var got []string
	for _, s := range all {
		spec, err := s.Spec(lookup)
		entry, eerr := s.Entry()
		if eerr != nil || entry.Doc == nil {
			t.Errorf("%s: Entry: %+v, %v; want the entry in the file as AllServers read it", s.Name, entry, eerr)
		}
		got = append(got, fmt.Sprintf("%+v %v %d-%d", spec, err, entry.Start, entry.End))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("each server's Spec and Entry (-the file read for it +as AllServers read it):\n%s", diff)
	}
	if !strings.Contains(want[2], `.mcp.json: server "broken": `) {
		t.Errorf("the broken entry's Spec: %s, want its error", want[2])
	}
	// A server named alone reads the file, which is gone.
	if _, err := (Server{Name: "files"}).Spec(lookup); err == nil {
		t.Error("Spec of a server named alone, its servers file gone: no error")
	}
	// A server of AllServers's pointed at another file since reads that.
	moved := all[0]
	moved.ServersFile = "other.json"
	if _, err := moved.Spec(lookup); err == nil || !strings.Contains(err.Error(), "other.json") {
		t.Errorf("Spec of a server pointed at another file: %v, want other.json not read", err)
	}
}

func TestAServerAnewReadsItsEntryAsTheServersFileHasItNow(t *testing.T) {
	inDir(t)
	if err := os.WriteFile(".mcp.json", []byte(`{"mcpServers": {"files": {"command": "old-server"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	all, err := AllServers(Server{})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(".mcp.json", []byte(`{"mcpServers": {"files": {"command": "new-server"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		s    Server
		want string
	}{
		{"as AllServers read it", all[0], "old-server"},
		{"anew", all[0].Anew(), "new-server"},
	} {
		spec, err := tc.s.Spec(nil)
		if err != nil || len(spec.Command) == 0 || spec.Command[0] != tc.want {
			t.Errorf("%s: command %q, %v; want %s", tc.name, spec.Command, err, tc.want)
		}
	}
}

func TestOpenAllGivesEachInputsOwnResultInOrder(t *testing.T) {
	inDir(t)
	got := OpenAll(context.Background(), []Input{{Path: "tools.json"}, {Path: "missing.json"}, {Path: "-"}}, Options{Stdin: strings.NewReader(`[]`)})
	if len(got) != 3 {
		t.Fatalf("%d results for 3 inputs", len(got))
	}
	if got[0].Err != nil || got[0].Source.Doc.Name != "tools.json" {
		t.Errorf("tools.json: %+v", got[0])
	}
	if got[1].Err == nil || !strings.Contains(got[1].Err.Error(), "missing.json") || got[1].Source != nil {
		t.Errorf("missing.json: %+v", got[1])
	}
	if got[2].Err != nil || got[2].Source.Doc.Name != StdinName {
		t.Errorf("standard input: %+v", got[2])
	}
	CloseAll(got) // the one that failed has no Source to close
}

func TestAServersFileThatIsNotJSONIsSaidAsAToolsFileIs(t *testing.T) {
	inDir(t)
	broken := "{\n  \"mcpServers\": {\n    \"a\": {\"command\" \"echo\"}\n  }\n}\n"
	for _, f := range []string{".mcp.json", "tools.json"} {
		if err := os.WriteFile(f, []byte(broken), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, toolsErr := Open(context.Background(), Input{Path: "tools.json"}, Options{})
	if toolsErr == nil {
		t.Fatal("the broken tools file opened")
	}
	want := strings.Replace(toolsErr.Error(), "tools.json", ".mcp.json", 1)
	if !strings.HasPrefix(want, ".mcp.json:3:21: ") {
		t.Fatalf("the tools file's error %q is not at its line and column", toolsErr)
	}
	if _, err := AllServers(Server{}); err == nil || err.Error() != want {
		t.Errorf("AllServers: %v, want %q", err, want)
	}
	if _, err := Open(context.Background(), Input{Server: &Server{Name: "a"}}, Options{}); err == nil || err.Error() != want {
		t.Errorf("Open of a server of it: %v, want %q", err, want)
	}
}

// TestAServersFileIsReadWithVSCodesCommentsAndTrailingCommas reads
// JSONC as VS Code writes .vscode/mcp.json: comments and trailing commas
// are blanked in place, so that every byte is where the file has it.
func TestAServersFileIsReadWithVSCodesCommentsAndTrailingCommas(t *testing.T) {
	inDir(t)
	jsonc := "// servers\n{\"servers\": {\n  /* first */ \"a\": {\"command\": \"echo\", \"args\": [\"x\",],},\n  \"b\": {\"url\": \"http://127.0.0.1:1/mcp\"}, // last\n},}\n"
	if err := os.WriteFile("mcp.json", []byte(jsonc), 0o644); err != nil {
		t.Fatal(err)
	}
	servers, err := AllServers(Server{ServersFile: "mcp.json"})
	if err != nil || len(servers) != 2 || servers[0].Name != "a" || servers[1].Name != "b" {
		t.Fatalf("AllServers: %+v, %v; want a and b", servers, err)
	}
	spec, err := servers[0].Spec(nil)
	if err != nil || strings.Join(spec.Command, " ") != "echo x" {
		t.Errorf("a's Spec: %+v, %v; want echo x", spec, err)
	}
	entry, err := servers[1].Entry()
	if err != nil {
		t.Fatal(err)
	}
	if line, col := entry.Doc.Position(entry.Start); line != 4 || col != 3 {
		t.Errorf("b's entry at %d:%d, want 4:3, where the file has it", line, col)
	}
	name, data, err := ReadServersFile("", "mcp.json", auxfile.Limit{})
	if err != nil || name != "mcp.json" || len(data) != len(jsonc) {
		t.Errorf("ReadServersFile: %q, %d bytes, %v; want the file's %d bytes", name, len(data), err, len(jsonc))
	}
}

func TestAServerWithItsFileReadReadsItNoMore(t *testing.T) {
	inDir(t)
	file := `{"mcpServers": {"files": {"command": "files-server"}, "web": {"url": "https://h/mcp"}}}`
	if err := os.WriteFile(".mcp.json", []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	read := Server{Timeout: 3 * time.Second}.WithFileRead()
	if err := os.Remove(".mcp.json"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, wantCommand, wantURL, wantErr string
	}{
		{"files", "files-server", "", ""},
		{"web", "", "https://h/mcp", ""},
		{"gone", "", "", `.mcp.json: no server "gone"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := read.Named(tc.name)
			spec, err := s.Spec(nil)
			entry, eerr := s.Entry()
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || eerr == nil || !strings.Contains(eerr.Error(), tc.wantErr) {
					t.Errorf("Spec: %v; Entry: %v; want both %q", err, eerr, tc.wantErr)
				}
				return
			}
			if err != nil || strings.Join(spec.Command, " ") != tc.wantCommand || spec.URL != tc.wantURL || spec.Timeout != 3*time.Second {
				t.Errorf("Spec: %+v, %v; want %q %q in 3s", spec, err, tc.wantCommand, tc.wantURL)
			}
			if eerr != nil || entry.Doc == nil || entry.Doc.Src[entry.Start:entry.End] != `"`+tc.name+`"` {
				t.Errorf("Entry: %+v, %v; want the key of its entry", entry, eerr)
			}
		})
	}
	// A file that could not be read is each server's error, as it is
	// when each reads it.
	missing := Server{ServersFile: "none.json"}.WithFileRead().Named("files")
	if _, err := missing.Spec(nil); err == nil || !strings.Contains(err.Error(), "none.json") {
		t.Errorf("Spec of a server of a file not there: %v", err)
	}
	if _, err := missing.Entry(); err == nil || !strings.Contains(err.Error(), "none.json") {
		t.Errorf("Entry of a server of a file not there: %v", err)
	}
}
