package cli

import (
	"errors"
	"strings"

	"github.com/spf13/cobra"

	"toolbench/core/config"
	"toolbench/core/termtext"
	"toolbench/internal/auxfile"
	"toolbench/internal/policy"
	"toolbench/internal/source"
)

// The configuration file, toolbench.toml, as the commands that check
// tools read it: lint, fix, compat, watch, lock, verify, proxy and the
// workbench. loadConfig is the one place it is found and read, when a
// command runs; internal/policy puts it together with the command line's
// --target and --ignore, a baseline and the lock. diff, call and dump
// take nothing from it and do not read it, so a file with a mistake in it
// does not stop them.

// configFlags are --config, --no-config and --max-file-size, persistent
// flags of the root.
type configFlags struct {
	file    string   // --config FILE
	off     bool     // --no-config
	maxFile sizeFlag // --max-file-size
}

// register adds --config, --no-config and --max-file-size to the root,
// for every command.
func (c *configFlags) register(root *cobra.Command) {
	fs := root.PersistentFlags()
	fs.StringVar(&c.file, "config", "", "read the configuration from FILE")
	document(fs, "config", "read the configuration from FILE, in place of the toolbench.toml (or .toolbench.toml) found in this directory or the nearest parent, up to the repository's root; read by lint, fix, compat, watch, lock, verify, proxy and the workbench")
	fs.BoolVar(&c.off, "no-config", false, "read no configuration file")
	root.MarkPersistentFlagFilename("config", "toml")
	c.maxFile = auxfile.DefaultMax
	fs.Var(&c.maxFile, "max-file-size", "bound files read beside documents")
	document(fs, "max-file-size", "read at most SIZE (such as 64MiB) of the configuration, the servers file, the lock and the baseline; documents have a bound of their own, 256 MiB")
}

// fileLimit is the bound on the files read beside the documents:
// --max-file-size (auxfile's default when unset, as in an env a test
// made without the root's flags).
func (e *env) fileLimit() auxfile.Limit {
	return auxfile.Limit{Max: int64(e.config.maxFile), Flag: "--max-file-size"}
}

// sizeFlag is a flag's size in bytes, written with a unit: 64MiB.
type sizeFlag int64

func (s *sizeFlag) String() string { return strings.ReplaceAll(termtext.Size(int64(*s)), " ", "") }

func (s *sizeFlag) Set(v string) error {
	n, err := auxfile.ParseSize(v)
	if err != nil {
		return err
	}
	*s = sizeFlag(n)
	return nil
}

func (s *sizeFlag) Type() string { return "size" }

// policy returns how a command checks tools: the configuration in force
// (nil when there is none), with the command line's --target and
// --ignore over it, from the working directory. Its error says where: a
// file that cannot be read, an unknown key, a value of the wrong type, an
// unknown target or code.
func (e *env) policy(r ruleOptions) (*policy.Policy, error) {
	cfg, err := e.loadConfig()
	if err != nil {
		return nil, err
	}
	return &policy.Policy{Config: cfg, Targets: r.targets, Ignore: r.ignore, Dir: e.dir, FileLimit: e.fileLimit()}, nil
}

// loadConfig returns the configuration in force, nil when there is none.
func (e *env) loadConfig() (*config.Config, error) {
	if e.config.file != "" && e.config.off {
		return nil, errors.New("--config and --no-config: give one")
	}
	return policy.Load(e.config.file, e.config.off, e.dir, e.fileLimit())
}

// displayName is how reports name an input: "-" is standard input.
func displayName(name string) string {
	if name == "-" {
		return source.StdinName
	}
	return name
}
