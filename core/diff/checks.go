package diff

import (
	"slices"

	"toolbench/core/catalog"
)

// Check is one kind of change, declared as data: its entry in the
// catalog of codes, whose Severity says whether it breaks callers (an
// error) or not (a note), and whose Doc says what it finds, why it
// matters to callers, and what to do.
type Check struct {
	catalog.Entry
}

// The checks, in the order of checkTable.
var (
	removedTool = &Check{
		Entry: catalog.Entry{
			Code: "removed-tool", Severity: catalog.Error,
			Summary: "A tool of OLD is not in NEW.",
			Doc:     "Tools are matched by name, within the list they are sent in: a document's, or each record's of a JSON Lines dataset, the N-th record of OLD with the N-th of NEW. A call to a tool that is gone fails, and a model prompted or fine-tuned with the old tools keeps making it. Keep the tool, or remove it in a release that says so. A removed tool with an added tool of the same parameters is possibly-renamed-tool instead.",
		},
	}
	possiblyRenamedTool = &Check{
		Entry: catalog.Entry{
			Code: "possibly-renamed-tool", Severity: catalog.Error,
			Summary: "A tool is gone and a new one takes exactly its parameters.",
			Doc:     "A tool of OLD missing from NEW, and a tool of NEW missing from OLD with the same properties (equal schemas, as JSON values, at least one of them) and the same of them required, are most likely one tool renamed, whatever else their parameter schemas say. Calls by the old name still fail: keep the old name as well until callers have moved.",
		},
	}
	removedParameter = &Check{
		Entry: catalog.Entry{
			Code: "removed-parameter", Severity: catalog.Error,
			Summary: "A property of a tool's parameters, at any depth, is gone.",
			Doc:     "Calls that send the argument are now refused where extra arguments are (additionalProperties: false, OpenAI's strict mode), and elsewhere the argument is silently dropped, so the tool no longer does what the caller asked. Keep the property, and ignore it in the code, until callers have stopped sending it.",
		},
	}
	newRequiredParameter = &Check{
		Entry: catalog.Entry{
			Code: "new-required-parameter", Severity: catalog.Error,
			Summary: "A property that NEW requires was not in OLD.",
			Doc:     "Every call made against the old schema lacks it, so every one of them now fails validation. Add the property as optional, with a default in the code, or release the change as breaking.",
		},
	}
	parameterBecameRequired = &Check{
		Entry: catalog.Entry{
			Code: "parameter-became-required", Severity: catalog.Error,
			Summary: "An optional property of OLD is required in NEW.",
			Doc:     "Calls that left the argument out, as the old schema allowed, now fail validation. Keep it optional and default it in the code.",
		},
	}
	typeChanged = &Check{
		Entry: catalog.Entry{
			Code: "type-changed", Severity: catalog.Error,
			Summary: "A schema accepts fewer types of value than before.",
			Doc:     "A type is taken from the set the schema accepts: its \"type\" as a name or a list (integer counts within number; no type is every type), narrowed to the types any schema of its anyOf, and of its oneOf, accepts and those every schema of its allOf does, local $refs followed. A call sending a value of the type taken now fails. Accept the old types as well, e.g. with a type list or the anyOf schema that was removed.",
		},
	}
	enumValueRemoved = &Check{
		Entry: catalog.Entry{
			Code: "enum-value-removed", Severity: catalog.Error,
			Summary: "A value of an enum is gone.",
			Doc:     "Values are compared as JSON values. A call sending the removed value now fails. Keep the value, and map it to its replacement in the code.",
		},
	}
	constraintTightened = &Check{
		Entry: catalog.Entry{
			Code: "constraint-tightened", Severity: catalog.Error,
			Summary: "A bound, pattern, format, enum, const or other assertion accepts less than before.",
			Doc:     "A new or lower maximum, exclusiveMaximum, maxLength, maxItems or maxProperties; a new or higher minimum, exclusiveMinimum, minLength, minItems or minProperties; a new or changed pattern, multipleOf, const, not, propertyNames or contains; a new enum; uniqueItems turned on; a format toolbench asserts (see README's format table) new or changed; a new or changed if with its then or else; a property that, given, requires another (dependentRequired) or a schema (dependentSchemas; dependencies before draft 2019-09); a new allOf schema, or an anyOf or oneOf schema gone whose types the others still take. Values the old schema accepted can now fail. Keywords holding schemas (not, if, then, ...) are compared as written: any change to them counts as tightening. Relax the bound, or release the change as breaking.",
		},
	}
	additionalPropertiesClosed = &Check{
		Entry: catalog.Entry{
			Code: "additional-properties-closed", Severity: catalog.Error,
			Summary: "An object schema now sets \"additionalProperties\": false.",
			Doc:     "Arguments the schema does not name were accepted and are now refused, so a call that sent one fails. This is what OpenAI's strict mode requires: change it together with the callers.",
		},
	}
	addedTool = &Check{
		Entry: catalog.Entry{
			Code: "added-tool", Severity: catalog.Note,
			Summary: "A tool of NEW is not in OLD.",
			Doc:     "A new tool breaks no call.",
		},
	}
	addedOptionalParameter = &Check{
		Entry: catalog.Entry{
			Code: "added-optional-parameter", Severity: catalog.Note,
			Summary: "A property that NEW does not require was not in OLD.",
			Doc:     "Old calls leave it out, as they may.",
		},
	}
	typeWidened = &Check{
		Entry: catalog.Entry{
			Code: "type-widened", Severity: catalog.Note,
			Summary: "A schema accepts more types of value than before, and none fewer.",
			Doc:     "Every value accepted before still is.",
		},
	}
	enumValueAdded = &Check{
		Entry: catalog.Entry{
			Code: "enum-value-added", Severity: catalog.Note,
			Summary: "An enum has a new value.",
			Doc:     "Every value accepted before still is; the code must handle the new one.",
		},
	}
	constraintRelaxed = &Check{
		Entry: catalog.Entry{
			Code: "constraint-relaxed", Severity: catalog.Note,
			Summary: "A bound, pattern, format, enum, const, requirement or other assertion accepts more than before.",
			Doc:     "A bound raised or lowered the other way or removed; a pattern, enum, const, asserted format, not, if, dependency or allOf schema removed; an anyOf or oneOf schema added of types already taken; a property no longer required; additionalProperties no longer false: every call accepted before still is (but for a new oneOf schema, which refuses the values it shares with another: keep them apart).",
		},
	}
	descriptionChanged = &Check{
		Entry: catalog.Entry{
			Code: "description-changed", Severity: catalog.Note,
			Summary: "The description of a tool or a property changed.",
			Doc:     "No call breaks, but the model reads descriptions to choose tools and fill arguments, so it may call differently: read the new text as a prompt change.",
		},
	}
	annotationsChanged = &Check{
		Entry: catalog.Entry{
			Code: "annotations-changed", Severity: catalog.Note,
			Summary: "A hint of an MCP tool's \"annotations\" was added, removed or changed.",
			Doc: "MCP tools may carry annotations (title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint): hints clients use to decide whether to ask before a call. No call breaks, but a tool that turns destructive, or stops saying it is read-only, changes what a client lets run unasked: review it as a change of the tool's permissions. " +
				"Each member of \"annotations\" added, removed or changed is one change. " +
				"Source: Model Context Protocol specification 2025-11-25, Server features, Tools, \"Tool annotations\" (modelcontextprotocol.io/specification/2025-11-25/server/tools).",
		},
	}
	definitionChanged = &Check{
		Entry: catalog.Entry{
			Code: "definition-changed", Severity: catalog.Note,
			Summary: "A tool's definition changed where no other check looks.",
			Doc: "A member of the tool's definition other than its name, description, parameters and annotations (a title, an outputSchema, _meta, strict, a provider's own fields) was added, removed or changed: one change for each such member, reported only for a tool no other check found a change in. " +
				"No call breaks for it, but the tool is not the one it was. toolbench verify, which holds a pinned tool to every change, reports under this code too a tool whose canonical form differs where no check looks: a default or an example in its schema, values of a list in another order.",
		},
	}
)

// checkTable is every check, breaking ones first.
var checkTable = []*Check{
	removedTool, possiblyRenamedTool, removedParameter, newRequiredParameter,
	parameterBecameRequired, typeChanged, enumValueRemoved, constraintTightened,
	additionalPropertiesClosed,
	addedTool, addedOptionalParameter, typeWidened, enumValueAdded,
	constraintRelaxed, descriptionChanged, annotationsChanged, definitionChanged,
}

// Checks returns every check, breaking ones first.
func Checks() []*Check { return slices.Clone(checkTable) }

// LookupCheck returns the check with the given code, or nil.
func LookupCheck(code string) *Check {
	for _, c := range checkTable {
		if c.Code == code {
			return c
		}
	}
	return nil
}
