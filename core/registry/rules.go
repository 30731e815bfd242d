package registry

import (
	"slices"

	"toolbench/core/catalog"
	"toolbench/core/lint"
)

// Prefix is the prefix of the checks' codes, which addresses them all
// in --ignore and the configuration, as a target's prefix does its rules.
const Prefix = "registry/"

const (
	schemaSource = `the registry's JSON Schema for server.json, version 2025-12-11,
static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json`
	validatorsSource = `the registry's validation,
github.com/modelcontextprotocol/registry, internal/validators
(validators.go, utils.go, schema.go)`
	formatSource = `the server.json format,
github.com/modelcontextprotocol/registry,
docs/reference/server-json/generic-server-json.md`
)

// The checks, as rules: a code, a severity and documents, as lint's are,
// so that `toolbench rules`, `explain`, SARIF and the configuration treat
// them alike. They have no hooks: Check reports them.
var (
	schemaVersion = &lint.Rule{Entry: catalog.Entry{
		Code: Prefix + "schema-version", Severity: catalog.Error,
		Summary: "A server.json has no \"$schema\", or one that names no version of the registry's schema.",
		Doc: `A server.json says which version of the format it follows with its
"$schema", a URL of the form
https://static.modelcontextprotocol.io/schemas/VERSION/server.schema.json.
The registry refuses a manifest without one ("$schema field is
required"), and one whose URL names no version it has. Without a
version toolbench validates the manifest against the newest schema it
embeds.

Fix: set "$schema" to the current version's URL,
https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json.

Source: ` + validatorsSource + `; ` + formatSource + `.`,
	}}
	schemaOutdated = &lint.Rule{Entry: catalog.Entry{
		Code: Prefix + "schema-outdated", Severity: catalog.Warning,
		Summary: "A server.json follows a version of the registry's schema other than the ones toolbench checks.",
		Doc: `toolbench embeds the registry's schemas of version 2025-12-11 and later
and validates a manifest against the one its "$schema" names. A manifest
of an older version (2025-07-09 to 2025-10-17) is not validated against
its schema, only against the registry's rules beyond it; the registry
warns when it publishes a manifest whose version is not the current one,
and the formats differ (2025-09-16 renamed every field to camelCase). A
version newer than toolbench knows is validated against the newest it
has.

Fix: move the manifest to the current version and set "$schema" to its
URL; the registry's changelog says what changed.

Source: ` + validatorsSource + ` (a version that is not the current one is
a warning when publishing); the changelog,
github.com/modelcontextprotocol/registry,
docs/reference/server-json/CHANGELOG.md.`,
	}}
	schemaMismatch = &lint.Rule{Entry: catalog.Entry{
		Code: Prefix + "schema", Severity: catalog.Error,
		Summary: "A server.json breaks the registry's JSON Schema.",
		Doc: `Each value of a server.json is validated against the registry's JSON
Schema for the version its "$schema" names: a field of the wrong type, a
value outside an enum ("mimeType", "theme"), a "fileSha256" that is not 64
hexadecimal digits, an icon "sizes" entry that is not WxH. The issue is
at the value, and says what the schema wants. What the other registry/
rules report (a missing field, the name, the description, versions,
URLs, packages, arguments and transports) is theirs, under their codes.

Fix: make the value what the schema asks for.

Source: ` + schemaSource + `.`,
	}}
	missingField = &lint.Rule{Entry: catalog.Entry{
		Code: Prefix + "missing-field", Severity: catalog.Error,
		Summary: "A server.json, or an object in it, lacks a field the schema requires.",
		Doc: `The registry's schema requires "name", "description" and "version" of
every server.json, "registryType", "identifier" and "transport" of a
package, "url" and "source" of a repository, "src" of an icon, "type" of
a transport and of an argument, and "name" of an environment variable, a
header and a named argument. The registry refuses a manifest without
them. The issue is at the object that lacks the field.

Fix: add the field.

Source: ` + schemaSource + `.`,
	}}
	invalidName = &lint.Rule{Entry: catalog.Entry{
		Code: Prefix + "invalid-name", Severity: catalog.Error,
		Summary: "A server.json's name is not NAMESPACE/NAME in reverse-DNS form.",
		Doc: `A server's name is a reverse-DNS namespace, one "/", and a name:
"io.github.user/weather". The schema allows 3 to 200 characters of
letters, digits, "." and "-" before the slash and letters, digits, ".",
"_" and "-" after it; the registry also wants each part to start and end
with a letter or a digit, and exactly one slash. The namespace is what
the registry authenticates the publisher for (io.github.USER for a
GitHub account, a reversed domain the publisher proves to own).

Fix: name the server NAMESPACE/NAME, e.g. "io.github.user/weather".

Source: ` + schemaSource + ` (name: pattern ^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$,
3 to 200 characters); ` + validatorsSource + ` (invalid-server-name).`,
	}}
	invalidDescription = &lint.Rule{Entry: catalog.Entry{
		Code: Prefix + "invalid-description", Severity: catalog.Error,
		Summary: "A server.json's description is empty or longer than 100 characters.",
		Doc: `A server's description is what registries and clients list it by: the
schema wants 1 to 100 characters ("Clear human-readable explanation of
server functionality"), and the registry refuses a longer one.

Fix: say what the server offers in at most 100 characters; the README
can say the rest.

Source: ` + schemaSource + ` (description: minLength 1, maxLength 100).`,
	}}
	invalidVersion = &lint.Rule{Entry: catalog.Entry{
		Code: Prefix + "invalid-version", Severity: catalog.Error,
		Summary: "A server's or a package's version is \"latest\" or a range, not one version.",
		Doc: `A server.json describes one version of a server, and each package pins
the version it installs: "latest" is reserved, and a range ("^1.2.3",
"~1.2.3", ">=1.0.0", "1.x", "1.2.*", "1 - 2", "1.2 || 1.3") names no one
version. The registry refuses both, for the server and for each
package; the schema refuses a package version "latest" or an empty one.

Fix: give the exact version, e.g. "1.0.2".

Source: ` + schemaSource + ` (Package.version: minLength 1, not "latest");
` + validatorsSource + ` (reserved-version-string,
version-looks-like-range).`,
	}}
	invalidURL = &lint.Rule{Entry: catalog.Entry{
		Code: Prefix + "invalid-url", Severity: catalog.Error,
		Summary: "A server.json's website, icon or repository URL is not one the registry accepts.",
		Doc: `The registry takes "websiteUrl" and each icon's "src" only as absolute
https URLs (no http, no data: URI), a repository's "url" only in the form
of its "source" (https://github.com/OWNER/REPO for github, a gitlab.com
project for gitlab), and a repository's "subfolder" only as a clean
relative path (no leading or trailing "/", no "." or ".." segment).

Fix: use an absolute https URL, the repository's own URL, and a relative
subfolder such as "src/weather".

Source: ` + validatorsSource + ` (website-url-invalid-scheme,
icon-src-invalid-scheme, invalid-repository-url, invalid-subfolder-path).`,
	}}
	invalidPackage = &lint.Rule{Entry: catalog.Entry{
		Code: Prefix + "invalid-package", Severity: catalog.Error,
		Summary: "A package's identifier has spaces, or an MCPB package has no fileSha256.",
		Doc: `A package's "identifier" is the name a registry knows it by (an npm or
PyPI name, an OCI image reference) or, for MCPB, the URL of its file:
the registry refuses one with spaces. An MCPB package is a file
downloaded from a URL, and clients must check it against its
"fileSha256", which the format requires of MCPB packages.

Fix: give the package's exact identifier, and the SHA-256 of an MCPB
file (sha256sum FILE).

Source: ` + validatorsSource + ` (package-name-has-spaces), and
registries/mcpb.go (an MCPB package "must include a fileSha256 hash");
` + schemaSource + ` (Package.fileSha256).`,
	}}
	invalidArgument = &lint.Rule{Entry: catalog.Entry{
		Code: Prefix + "invalid-argument", Severity: catalog.Error,
		Summary: "A package's argument is neither a named nor a positional argument the registry accepts.",
		Doc: `A package's runtimeArguments and packageArguments build the command
line a client runs. Each has a "type": "positional" (a value put on the
command line as it is, which needs a "value" or a "valueHint" naming
it) or "named" (a flag, whose "name" is the flag itself, "--port": no
spaces, "<", ">" or "$" in it, and whose "value" and "default" do not
repeat the name). The registry refuses any other.

Fix: write a positional argument with a "valueHint" (or a "value"), and
a named one as {"type": "named", "name": "--port", "value": "8080"}.

Source: ` + schemaSource + ` (Argument, PositionalArgument,
NamedArgument); ` + validatorsSource + ` (invalid-named-argument-name,
argument-value-starts-with-name).`,
	}}
	invalidTransport = &lint.Rule{Entry: catalog.Entry{
		Code: Prefix + "invalid-transport", Severity: catalog.Error,
		Summary: "A package's transport or a remote is not one the registry accepts, or its URL template names a variable nobody defines.",
		Doc: `A package runs over "stdio" (no URL) or serves "streamable-http" or
"sse" at a URL; a remote is reached over "streamable-http" or "sse"
only, at an https URL that is not localhost. A URL may hold
{variables}: a package's name its arguments (their names or value hints)
or environment variables, a remote's those of its "variables" map, and
the registry refuses a URL whose variable nothing defines.

Fix: give the transport a type the context allows, an https URL for a
remote, and define each {variable} of a URL.

Source: ` + schemaSource + ` (LocalTransport, RemoteTransport,
StreamableHttpTransport: url pattern ^https?://[^\s]+$);
` + validatorsSource + ` (unsupported-transport-type,
invalid-templated-url, invalid-remote-url); the changelog's 2025-12-11
entry (URL template variables for remotes).`,
	}}
)

// packageVersion is the check of a servers file beside a manifest (see
// CheckServersFile), which lint --all-servers runs.
var packageVersion = &lint.Rule{Entry: catalog.Entry{
	Code: Prefix + "package-version", Severity: catalog.Warning,
	Summary: "A servers file runs a package server.json lists, at another version.",
	Doc: `With --all-servers and a server.json among the files, lint compares
each server of the servers file whose command runs a package (npx,
pnpx or bunx an npm package, uvx a PyPI one, dnx a NuGet one, docker or
podman run an OCI image) with the packages the manifest lists: a server
that runs one of them at a version other than the manifest's runs tools
other than those the registry publishes, and a team testing its own
server tests something else than its users install. A command that
names no version runs the registry's latest, and is not reported.

Fix: run the version the manifest lists, or, when the servers file's is
the one to publish, set the manifest's "version" (or the image's tag) to
it.

Source: ` + formatSource + ` (packages: registryType, identifier, version).`,
}}

var rules = []*lint.Rule{schemaVersion, schemaOutdated, schemaMismatch, missingField, invalidName, invalidDescription,
	invalidVersion, invalidURL, invalidPackage, invalidArgument, invalidTransport, packageVersion}

// Rules returns the checks, in the order of their documents.
func Rules() []*lint.Rule { return slices.Clone(rules) }

// LookupRule returns the check of that code, or nil.
func LookupRule(code string) *lint.Rule {
	for _, r := range rules {
		if r.Code == code {
			return r
		}
	}
	return nil
}
