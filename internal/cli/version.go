package cli

import (
	"runtime/debug"
	"strings"
)

// Build is what a build of toolbench says of itself, set when building
// (see main.go): the release's name, where to read about it, and the
// revision of that repository whose documents describe the build. Left
// empty, the version and the address come from the build's module
// information, and the documents are those on main.
type Build struct {
	Version        string
	InformationURI string
	DocsRef        string
}

// version is the version of this build: the one set when building;
// else the main module's, which go install and a build in a git checkout
// record (v1.2.0, or a pseudo-version for a commit, +dirty when it had
// changes); else "devel" and the commit, when the build knows it.
func (b Build) version() string {
	if b.Version != "" {
		return b.Version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	v := "devel"
	for _, s := range bi.Settings {
		switch {
		case s.Key == "vcs.revision":
			v += " " + s.Value[:min(len(s.Value), 12)]
		case s.Key == "vcs.modified" && s.Value == "true":
			defer func() { v += "+dirty" }()
		}
	}
	return v
}

// informationURI is where to read about this build of toolbench:
// the address set when building, else the module's when its path names a
// host (example.org/toolbench), else "". With DocsRef set, it is that
// revision's tree (https://github.com/o/toolbench/tree/v1.2.0), which
// catalog.DocURL reads the pages of rules from.
func (b Build) informationURI() string {
	uri := b.InformationURI
	if uri == "" {
		uri = moduleURI()
	}
	if uri != "" && b.DocsRef != "" {
		uri = strings.TrimSuffix(uri, "/") + "/tree/" + b.DocsRef
	}
	return uri
}

// moduleURI is the address of the main module when its path names a
// host, else "".
func moduleURI() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	host, _, _ := strings.Cut(bi.Main.Path, "/")
	if !strings.Contains(host, ".") {
		return ""
	}
	return "https://" + bi.Main.Path
}
