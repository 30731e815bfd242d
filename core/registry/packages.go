package registry

import (
	"fmt"
	"path/filepath"
	"strings"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/termtext"
)

// A Package is a package of a registry: what a manifest's "packages"
// lists, or what a servers file's command runs. An OCI image's tag is its
// Version, as npm's version is, though the manifest writes it in the
// identifier.
type Package struct {
	RegistryType string // npm, pypi, oci, nuget
	Identifier   string // the name the registry knows it by, without a version
	Version      string // "" when a command names none: the registry's latest
}

func (p Package) String() string {
	if p.Version == "" {
		return p.Identifier
	}
	sep := "@"
	switch p.RegistryType {
	case "pypi":
		sep = "=="
	case "oci":
		sep = ":"
	}
	return p.Identifier + sep + p.Version
}

// A Listed is a package of a manifest, and the node that lists it.
type Listed struct {
	Package
	Node *jsondoc.Node
}

// Packages returns the packages a manifest lists, in its order: those of
// the registries a command runs from (npm, pypi, oci, nuget).
func Packages(doc *jsondoc.Document) []Listed {
	var out []Listed
	for _, m := range doc.Root.Get("packages").Elems() {
		p := m.Value
		typ, id := p.Get("registryType").Text(), p.Get("identifier").Text()
		if id == "" {
			continue
		}
		pkg := Package{RegistryType: typ, Identifier: id, Version: p.Get("version").Text()}
		switch typ {
		case "npm", "pypi", "nuget":
		case "oci":
			pkg.Identifier, pkg.Version = splitImage(id)
			if v := p.Get("version").Text(); pkg.Version == "" {
				pkg.Version = v
			}
		default:
			continue
		}
		out = append(out, Listed{pkg, p})
	}
	return out
}

// CommandPackage returns the package a server's command runs, as a
// servers file gives it: npx, pnpx or bunx (npm), uvx (PyPI), docker or
// podman run (an OCI image), dnx (NuGet). ok is false for any other
// command.
func CommandPackage(argv []string) (pkg Package, ok bool) {
	if len(argv) < 2 {
		return Package{}, false
	}
	args := argv[1:]
	switch strings.TrimSuffix(filepath.Base(argv[0]), ".exe") {
	case "npx", "pnpx", "bunx":
		spec := packageArg(args, []string{"-p", "--package"}, nil)
		if spec == "" {
			return Package{}, false
		}
		id, version := splitAt(spec)
		return Package{RegistryType: "npm", Identifier: id, Version: version}, true
	case "uvx":
		spec := packageArg(args, []string{"--from"}, []string{"--with", "--python", "-p", "--index-url", "--extra-index-url"})
		if spec == "" {
			return Package{}, false
		}
		id, version, found := strings.Cut(spec, "==")
		if !found {
			id, version = splitAt(spec)
		}
		return Package{RegistryType: "pypi", Identifier: id, Version: version}, true
	case "dnx":
		spec := packageArg(args, nil, []string{"--source", "--configfile"})
		if spec == "" {
			return Package{}, false
		}
		id, version := splitAt(spec)
		if v, ok := flagValue(args, "--version"); ok {
			version = v
		}
		return Package{RegistryType: "nuget", Identifier: id, Version: version}, true
	case "docker", "podman":
		if args[0] != "run" {
			return Package{}, false
		}
		image := packageArg(args[1:], nil, dockerValueFlags)
		if image == "" {
			return Package{}, false
		}
		id, tag := splitImage(image)
		return Package{RegistryType: "oci", Identifier: id, Version: tag}, true
	}
	return Package{}, false
}

// dockerValueFlags are the options of docker run that take a value as
// the next argument, which is then not the image.
var dockerValueFlags = []string{"-e", "--env", "--env-file", "-v", "--volume", "--mount", "-p", "--publish",
	"--name", "--network", "--net", "-w", "--workdir", "--entrypoint", "-u", "--user", "-l", "--label",
	"--platform", "--pull", "-h", "--hostname", "--add-host", "--cpus", "-m", "--memory", "--restart"}

// packageArg is the first argument of args that is not an option, or
// the value of one of packageFlags when it is given; an option of
// valueFlags takes the next argument as its value, which is no package.
func packageArg(args, packageFlags, valueFlags []string) string {
	for _, f := range packageFlags {
		if v, ok := flagValue(args, f); ok {
			return v
		}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if i+1 < len(args) {
				return args[i+1]
			}
			return ""
		case isFlag(a, valueFlags) && !strings.Contains(a, "="):
			i++ // its value
		case strings.HasPrefix(a, "-"):
		default:
			return a
		}
	}
	return ""
}

// isFlag reports whether a is one of flags, alone or as flag=value.
func isFlag(a string, flags []string) bool {
	name, _, _ := strings.Cut(a, "=")
	for _, f := range flags {
		if name == f {
			return true
		}
	}
	return false
}

// flagValue is the value of flag in args, given as "flag value" or
// "flag=value".
func flagValue(args []string, flag string) (string, bool) {
	for i, a := range args {
		if a == flag && i+1 < len(args) {
			return args[i+1], true
		}
		if v, ok := strings.CutPrefix(a, flag+"="); ok {
			return v, true
		}
	}
	return "", false
}

// splitAt splits "name@version" (npm's "@scope/name@version" too) into
// the name and the version, "" when there is none.
func splitAt(spec string) (name, version string) {
	i := strings.LastIndexByte(spec, '@')
	if i <= 0 {
		return spec, ""
	}
	return spec[:i], spec[i+1:]
}

// splitImage splits an OCI image reference into its name and its tag
// (or digest), "" when it has neither.
func splitImage(ref string) (name, tag string) {
	if i := strings.IndexByte(ref, '@'); i >= 0 {
		return ref[:i], ref[i+1:]
	}
	slash := strings.LastIndexByte(ref, '/')
	if i := strings.LastIndexByte(ref, ':'); i > slash {
		return ref[:i], ref[i+1:]
	}
	return ref, ""
}

// SameImage reports whether two OCI image names are the same image:
// Docker Hub's names may leave out docker.io/ and library/.
func SameImage(a, b string) bool {
	return dockerHubName(a) == dockerHubName(b)
}

func dockerHubName(name string) string {
	name = strings.TrimPrefix(strings.TrimPrefix(name, "docker.io/"), "index.docker.io/")
	return strings.TrimPrefix(name, "library/")
}

// CheckServersFile compares the servers of a servers file (its
// "mcpServers", or VS Code's "servers") with the packages the manifest
// lists: a server whose command runs one of them at another version is
// an issue, placed in the servers file at the argument that names the
// package. opt's levels and ignores apply as Check applies them.
func CheckServersFile(manifest, servers *jsondoc.Document, opt lint.Options) *lint.Result {
	listed := Packages(manifest)
	c := &checker{doc: servers, opt: &opt}
	entries, list := servers.Root.Get("mcpServers"), "mcpServers"
	if entries == nil {
		entries, list = servers.Root.Get("servers"), "servers"
	}
	for _, m := range entries.Members() {
		argv, nodes := commandOf(m.Value)
		pkg, ok := CommandPackage(argv)
		if !ok || pkg.Version == "" {
			continue
		}
		for _, l := range listed {
			if !samePackage(pkg, l.Package) || l.Version == "" || l.Version == pkg.Version {
				continue
			}
			i := packageIndex(argv, pkg)
			segs := key(key(nil, list), m.Key)
			if i == 0 {
				segs = key(segs, "command")
			} else {
				segs = idx(key(segs, "args"), i-1)
			}
			at := nodes[i]
			c.report(packageVersion, at, segs, fmt.Sprintf("server %s runs %s %s, and %s lists %s",
				termtext.Quote(m.Key), l.RegistryType, termtext.Quote(pkg.String()), manifest.Name, termtext.Quote(l.Package.String())),
				"Run the version the manifest lists ("+l.Package.String()+"), or set the manifest's to "+pkg.Version+" when that is the one to publish.")
		}
	}
	return c.result(servers)
}

// commandOf is the command and arguments of a servers file's entry, and
// the node of each.
func commandOf(entry *jsondoc.Node) ([]string, []*jsondoc.Node) {
	cmd := entry.Get("command")
	if !cmd.Is(jsondoc.String) {
		return nil, nil
	}
	argv, nodes := []string{cmd.Str()}, []*jsondoc.Node{cmd}
	for _, a := range entry.Get("args").Elems() {
		if !a.Value.Is(jsondoc.String) {
			return nil, nil
		}
		argv, nodes = append(argv, a.Value.Str()), append(nodes, a.Value)
	}
	return argv, nodes
}

// packageIndex is the index in argv of the argument that names pkg: the
// first that holds its identifier, else the command.
func packageIndex(argv []string, pkg Package) int {
	for i, a := range argv[1:] {
		if strings.Contains(a, pkg.Identifier) || (pkg.RegistryType == "oci" && SameImage(strings.SplitN(a, ":", 2)[0], pkg.Identifier)) {
			return i + 1
		}
	}
	return 0
}

// samePackage reports whether a command's package is a listed one: the
// same registry and identifier (npm's names and PyPI's compared as those
// registries compare them, in any case; an OCI image by its name).
func samePackage(run, listed Package) bool {
	if run.RegistryType != listed.RegistryType {
		return false
	}
	switch run.RegistryType {
	case "oci":
		return SameImage(run.Identifier, listed.Identifier)
	case "pypi":
		return pypiName(run.Identifier) == pypiName(listed.Identifier)
	}
	return strings.EqualFold(run.Identifier, listed.Identifier)
}

// pypiName is a PyPI project name as PyPI compares them (PEP 503):
// lower case, runs of -, _ and . as one -.
func pypiName(name string) string {
	var b strings.Builder
	sep := false
	for _, r := range strings.ToLower(name) {
		if r == '-' || r == '_' || r == '.' {
			sep = true
			continue
		}
		if sep && b.Len() > 0 {
			b.WriteByte('-')
		}
		sep = false
		b.WriteRune(r)
	}
	return b.String()
}
