package main

import (
	"runtime/debug"
	"strings"
)

// Set when building, to name a release and where to read about it:
//
//	go build -ldflags "-X main.version=v1.2.0 -X main.informationURI=https://example.org/toolbench" .
//
// Left empty, they come from the build's module information.
var (
	version        string
	informationURI string
)

// toolVersion is the version of this build: the one set when building;
// else the main module's, which go install and a build in a git checkout
// record (v1.2.0, or a pseudo-version for a commit, +dirty when it had
// changes); else "devel" and the commit, when the build knows it.
func toolVersion() string {
	if version != "" {
		return version
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

// toolInformationURI is where to read about toolbench: the address set
// when building, else the module's when its path names a host
// (example.org/toolbench), else "".
func toolInformationURI() string {
	if informationURI != "" {
		return informationURI
	}
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
