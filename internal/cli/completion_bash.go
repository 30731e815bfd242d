package cli

import (
	"bytes"
	"strings"

	"github.com/spf13/cobra"
)

// cobra's bash script calls two functions of the bash-completion
// package: _get_comp_words_by_ref, to read the words of the command line,
// and _filedir, to complete file and directory names. Many systems have
// bash without that package (a minimal container, macOS's bash), where
// every TAB said "command not found". The script toolbench writes calls
// them when they are there and otherwise does their work itself: the
// words up to the cursor, split on white space alone (so --target=openai
// and a code with a ":" stay one word, as the script asks the package
// for), and names from compgen.

// bashFallbacks are the functions the script calls in place of the
// package's.
const bashFallbacks = `
# Without the bash-completion package, bash has neither
# _get_comp_words_by_ref nor _filedir: these do their work when they are
# missing.
__toolbench_comp_words()
{
    if declare -F _get_comp_words_by_ref >/dev/null 2>&1; then
        _get_comp_words_by_ref "$@" cur prev words cword
        return
    fi
    local line=${COMP_LINE:0:COMP_POINT}
    read -r -a words <<< "$line"
    if [[ -z $line || $line == *[[:space:]] ]]; then
        words+=("")
    fi
    cword=$(( ${#words[@]} - 1 ))
    cur=${words[cword]}
    prev=""
    if (( cword > 0 )); then
        prev=${words[cword-1]}
    fi
}

__toolbench_filedir()
{
    if declare -F _filedir >/dev/null 2>&1; then
        _filedir "$@"
        return
    fi
    local IFS=$'\n' name
    COMPREPLY=()
    if [[ $1 == -d ]]; then
        COMPREPLY=( $(compgen -d -- "$cur") )
        return
    fi
    for name in $(compgen -f -- "$cur"); do
        if [[ -d $name || -z $1 || $name =~ \.(${1%|})$ ]]; then
            COMPREPLY+=("$name")
        fi
    done
}
`

// bashScript is cobra's bash script for root, with descriptions or not,
// made to work without the bash-completion package.
func bashScript(root *cobra.Command, descriptions bool) (string, error) {
	var b bytes.Buffer
	if err := root.GenBashCompletionV2(&b, descriptions); err != nil {
		return "", err
	}
	s := b.String()
	name := root.Name()
	s = strings.Replace(s, "    _get_comp_words_by_ref \"$@\" cur prev words cword\n", "    __"+name+"_comp_words \"$@\"\n", 1)
	s = strings.ReplaceAll(s, "_filedir", "__"+name+"_filedir")
	return s + strings.ReplaceAll(bashFallbacks, "__toolbench_", "__"+name+"_"), nil
}

// bashCompletion makes the completion command's bash subcommand write
// bashScript.
func bashCompletion(root, completion *cobra.Command) {
	for _, sh := range completion.Commands() {
		if sh.Name() != "bash" {
			continue
		}
		sh.Run = nil
		sh.RunE = func(cmd *cobra.Command, _ []string) error {
			noDesc, _ := cmd.Flags().GetBool("no-descriptions")
			s, err := bashScript(root, !noDesc)
			if err != nil {
				return err
			}
			_, err = cmd.OutOrStdout().Write([]byte(s))
			return err
		}
	}
}
