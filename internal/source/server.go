package source

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"toolbench/core/jsondoc"
	"toolbench/internal/auxfile"
	"toolbench/internal/mcpclient"
)

// A Server names a live MCP server as the command line does: a command to
// spawn, a URL to reach, or the Name of an entry of a servers file.
// Exactly one of Command, URL and Name is set.
type Server struct {
	// Command is the program and arguments of a server on stdio.
	Command []string
	// URL is the endpoint of a Streamable HTTP server.
	URL string
	// Name is the server of the servers file's "mcpServers" called so.
	Name string
	// ServersFile is the servers file Name is looked up in;
	// mcpclient.DefaultConfigFile (./.mcp.json) when empty.
	ServersFile string

	// Env holds KEY=VALUE entries added to a spawned server's environment.
	Env []string
	// Header holds "Name: value" headers sent to an HTTP server; $VAR and
	// ${VAR} in a value are read from the environment. They win over the
	// servers file's headers of the same name.
	Header []string
	// Timeout bounds each request, and connecting by URL; zero means
	// mcpclient.DefaultTimeout.
	Timeout time.Duration
	// StartTimeout bounds a spawned server's start; zero means
	// mcpclient.DefaultStartTimeout.
	StartTimeout time.Duration
	// ListTimeout bounds a listing of the server's tools, all its pages;
	// zero means mcpclient.DefaultListTimeout.
	ListTimeout time.Duration
	// FileLimit bounds the servers file, as every file read beside the
	// documents is bounded.
	FileLimit auxfile.Limit
	// ProtocolVersion is the MCP version asked for; empty means
	// mcpclient.DefaultProtocolVersion.
	ProtocolVersion string
	// Dir is the working directory: ServersFile is read from it, and a
	// spawned server runs in it. "" is the process's.
	Dir string

	// read is the servers file as AllServers read it, for every server
	// it returns; nil for a server named otherwise, whose Spec and Entry
	// read the file.
	read *serversFile
}

// Spec returns the connection settings of the server: its command or
// URL, or its entry of the servers file, with the environment, headers,
// timeout and protocol version given; lookup reads the environment for
// the servers file's variables and the headers' (nil: none is set). Its
// errors are about the input: a servers file that cannot be read or has
// no such server, a variable that is not set, an environment entry or a
// header that is malformed, or one meant for the other transport. Open
// connects with it; a proxy spawns or reaches the server with it.
func (s Server) Spec(lookup func(string) (string, bool)) (mcpclient.Spec, error) {
	if lookup == nil {
		lookup = func(string) (string, bool) { return "", false }
	}
	spec := mcpclient.Spec{Command: s.Command, URL: s.URL}
	if s.Name == "" && len(s.Command) == 0 && s.URL == "" {
		// The servers file's entry "", which no name can ask for.
		file := s.ServersFile
		if file == "" {
			file = mcpclient.DefaultConfigFile
		}
		return spec, fmt.Errorf(`%s: a server's name is empty (""): give it a name in the servers file`, file)
	}
	if s.Name != "" {
		var err error
		if spec, err = s.entrySpec(lookup); err != nil {
			return spec, err
		}
	}
	switch {
	case len(s.Env) > 0 && spec.URL != "":
		return spec, fmt.Errorf("-e: the server %q is reached by URL, not spawned", s.Name)
	case len(s.Header) > 0 && len(spec.Command) > 0:
		return spec, fmt.Errorf("--header: the server %q is spawned on stdio, not reached by URL", s.Name)
	}
	for _, kv := range s.Env {
		if _, _, err := mcpclient.ParseEnv(kv); err != nil {
			return spec, fmt.Errorf("-e: %w", err)
		}
		spec.Env = append(spec.Env, kv)
	}
	for _, h := range s.Header {
		name, value, err := mcpclient.ParseHeader(h, lookup)
		if err != nil {
			return spec, fmt.Errorf("--header: %w", err)
		}
		if spec.Header == nil {
			spec.Header = http.Header{}
		}
		spec.Header.Set(name, value)
	}
	spec.Timeout, spec.StartTimeout, spec.ListTimeout, spec.ProtocolVersion = s.Timeout, s.StartTimeout, s.ListTimeout, s.ProtocolVersion
	if len(spec.Command) > 0 {
		spec.Dir = s.Dir
	}
	return spec, nil
}

// entrySpec is the Spec of the server's entry of its servers file: of
// the entry AllServers read, or else of the file, as WithFileRead read
// it or read now.
func (s Server) entrySpec(lookup func(string) (string, bool)) (mcpclient.Spec, error) {
	if entry, ok := s.readFile().entry(s.Name); ok {
		spec, err := mcpclient.EntrySpec(s.Name, entry, lookup)
		if err != nil {
			return spec, fmt.Errorf("%s: %w", s.ServersFile, err)
		}
		return spec, nil
	}
	f := s.fileNow()
	if f.err != nil {
		return mcpclient.Spec{}, f.err
	}
	return mcpclient.ParseConfig(f.name, f.data, s.Name, lookup)
}

// openServer connects to the server and lists its tools.
func openServer(ctx context.Context, s Server, opt Options) (*Source, error) {
	if s.Dir == "" {
		s.Dir = opt.Dir
	}
	spec, err := s.Spec(opt.LookupEnv)
	if err != nil {
		return nil, err
	}
	spec.Progress = opt.Progress
	c, err := mcpclient.Connect(ctx, spec)
	if err != nil {
		return nil, err // a *ConnectError names the server and quotes its stderr
	}
	list, err := c.ListTools(ctx)
	if err != nil {
		err = serverError(c, err)
		c.Close()
		return nil, err
	}
	doc, err := jsondoc.Parse(list.Name, list.Document)
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("%s: %w", c.Name(), err)
	}
	return &Source{Doc: doc, Client: c, List: list}, nil
}

// ServerError is err, from the session with the source's server, as one
// line that names the server and ends with the server's standard error,
// unless err quotes it already (an *mcpclient.ExitError does).
func (s *Source) ServerError(err error) error {
	return serverError(s.Client, err)
}

func serverError(c *mcpclient.Client, err error) error {
	var exit *mcpclient.ExitError
	if errors.As(err, &exit) {
		return fmt.Errorf("%s: %w", c.Name(), err)
	}
	return fmt.Errorf("%s: %w%s", c.Name(), err, mcpclient.StderrNote(c.StderrTail()))
}
