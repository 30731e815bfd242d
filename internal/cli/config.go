package cli

import (
	"errors"

	"github.com/spf13/cobra"

	"toolbench/core/config"
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

// configFlags are --config and --no-config, persistent flags of the root.
type configFlags struct {
	file string // --config FILE
	off  bool   // --no-config
}

// register adds --config and --no-config to the root, for every command.
func (c *configFlags) register(root *cobra.Command) {
	fs := root.PersistentFlags()
	fs.StringVar(&c.file, "config", "", "read the configuration from FILE")
	document(fs, "config", "read the configuration from FILE, in place of the toolbench.toml (or .toolbench.toml) found in this directory or the nearest parent, up to the repository's root; read by lint, fix, compat, watch, lock, verify, proxy and the workbench")
	fs.BoolVar(&c.off, "no-config", false, "read no configuration file")
	root.MarkPersistentFlagFilename("config", "toml")
}

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
	return &policy.Policy{Config: cfg, Targets: r.targets, Ignore: r.ignore, Dir: e.dir}, nil
}

// loadConfig returns the configuration in force, nil when there is none.
func (e *env) loadConfig() (*config.Config, error) {
	if e.config.file != "" && e.config.off {
		return nil, errors.New("--config and --no-config: give one")
	}
	return policy.Load(e.config.file, e.config.off, e.dir)
}

// displayName is how reports name an input: "-" is standard input.
func displayName(name string) string {
	if name == "-" {
		return source.StdinName
	}
	return name
}
