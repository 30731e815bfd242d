package diff

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// pairable says why the lists of tools of OLD and NEW cannot be paired in
// order: their numbers differ. Records of a dataset carry nothing that
// says which is which, and pairing them otherwise than in order, after
// one is added or removed in the middle, would compare every later
// record with the wrong one. A document that is not a tools document has
// no list; its problem is the reason then.
func pairable(o, n *tooldef.ToolSet) error {
	for _, s := range []*tooldef.ToolSet{o, n} {
		if len(s.Lists) == 0 && len(s.Problems) > 0 {
			p := s.Problems[0]
			line, col := s.Doc.Position(int(p.Node.Start))
			return fmt.Errorf("%s:%d:%d: %s: %s", s.Doc.Name, line, col, p.Path, p.Msg)
		}
	}
	if len(o.Lists) == len(n.Lists) {
		return nil
	}
	return fmt.Errorf("%s has %s of tools and %s has %d: the records of a dataset are compared in order, the first with the first, so both files must have as many",
		o.Doc.Name, termtext.Plural(len(o.Lists), "list"), n.Doc.Name, len(n.Lists))
}

// matching is how the tools of OLD and NEW pair up.
type matching struct {
	partner []int  // for each tool of NEW, the index of its tool of OLD, or -1
	paired  []bool // for each tool of OLD, whether a tool of NEW took it
}

// match pairs each named tool of NEW with the tool of its name in the
// list of OLD of the same index: the first of a name with the first, and
// later ones of a repeated name in order.
func match(oldSet, newSet *tooldef.ToolSet) matching {
	m := matching{partner: make([]int, len(newSet.Tools)), paired: make([]bool, len(oldSet.Tools))}
	repeated := false
	for i := range newSet.Tools {
		m.partner[i] = -1
		n := &newSet.Tools[i]
		if !n.NameNode.Is(jsondoc.String) {
			continue
		}
		if newSet.FirstNamedIn(n.List, n.Name) != i {
			repeated = true
			continue
		}
		if j := oldSet.FirstNamedIn(n.List, n.Name); j >= 0 {
			m.partner[i], m.paired[j] = j, true
		}
	}
	if repeated {
		m.pairRepeats(oldSet, newSet)
	}
	return m
}

// pairRepeats pairs the later tools of a name repeated in a list: the
// second of OLD with the second of NEW, and so on.
func (m *matching) pairRepeats(oldSet, newSet *tooldef.ToolSet) {
	type key struct {
		list int
		name string
	}
	later := map[key][]int{}
	for i := range oldSet.Tools {
		if o := &oldSet.Tools[i]; o.NameNode.Is(jsondoc.String) && oldSet.FirstNamedIn(o.List, o.Name) != i {
			k := key{o.List, o.Name}
			later[k] = append(later[k], i)
		}
	}
	for i := range newSet.Tools {
		n := &newSet.Tools[i]
		if !n.NameNode.Is(jsondoc.String) || newSet.FirstNamedIn(n.List, n.Name) == i {
			continue
		}
		k := key{n.List, n.Name}
		if olds := later[k]; len(olds) > 0 {
			m.partner[i], m.paired[olds[0]] = olds[0], true
			later[k] = olds[1:]
		}
	}
}

// renamesAndRemovals reports each removed tool with an added one of the
// same parameters, in the paired list, as renamed, and the others as
// removed and added.
func (c *comparer) renamesAndRemovals(removed, added []*tooldef.Tool) {
	paired := make([]bool, len(added))
	for _, o := range removed {
		j := slices.IndexFunc(added, func(n *tooldef.Tool) bool { return renamed(o, n) })
		for j >= 0 && paired[j] {
			k := slices.IndexFunc(added[j+1:], func(n *tooldef.Tool) bool { return renamed(o, n) })
			if k < 0 {
				j = -1
				break
			}
			j += 1 + k
		}
		if j < 0 {
			c.add(removedTool, c.old, o.Node, o.Path, o.Name, "tool "+termtext.Quote(o.Name)+" was removed")
			continue
		}
		paired[j] = true
		n := added[j]
		line, _ := c.old.Position(int(o.Node.Start))
		c.add(possiblyRenamedTool, c.new, n.NameNode, jsondoc.AppendKey(n.DefPath, "name"), n.Name,
			"tool "+termtext.Quote(o.Name)+" ("+c.old.Name+":"+strconv.Itoa(line)+") is gone and "+termtext.Quote(n.Name)+" takes the same parameters: renamed? Calls to "+termtext.Quote(o.Name)+" fail")
		c.changes[len(c.changes)-1].OldTool = o.Name
	}
	for j, n := range added {
		if !paired[j] {
			c.add(addedTool, c.new, n.Node, n.Path, n.Name, "tool "+termtext.Quote(n.Name)+" was added")
		}
	}
}

// renamed reports whether n, added, may be o, removed, renamed: the two
// are in paired lists and take the same parameters, equal schemas of at
// least one property, the same of them required. What else the two
// schemas say may differ: a new version that renames its tools often
// rewrites the rest of the schema as it does.
func renamed(o, n *tooldef.Tool) bool {
	return o.List == n.List && o.Params.Get("properties").Len() > 0 &&
		jsondoc.Equal(o.Params.Get("properties"), n.Params.Get("properties")) &&
		maps.Equal(requiredSet(o.Params), requiredSet(n.Params))
}
