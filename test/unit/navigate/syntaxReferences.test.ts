// Mode "references" from tree-sitter alone (issue 38, "better syntax answers"): keys of literals whose
// type the file states, declarations never listed as uses, the right enclosing symbol, renamed
// imports followed, and receivers whose type the file states.
import { strict as assert } from 'node:assert';
import { ok } from '../helpers';
import { navWorkspace, refsOf } from './navHelpers';

/** `path:line` per listed use, `?` after the uncertain ones. */
const placesOf = (meta: Record<string, unknown>) =>
  refsOf(meta).map((u) => `${u.path}:${u.line}${u.certain === false ? '?' : ''}`);

describe('references from syntax: keys of typed literals', () => {
  it('lists a Go composite literal key as a use of the literal type field, by its type name', async () => {
    const { lectern } = navWorkspace({
      'cobra/command.go':
        'package cobra\n\ntype Command struct {\n\tUse string\n}\n\ntype Other struct {\n\tUse string\n}\n',
      'cmd/root.go': `package cmd

import "example.com/cobra"

var root = &cobra.Command{Use: "root"}

var subs = []*cobra.Command{{Use: "a"}, {Use: "b"}}

var byName = map[string]cobra.Command{"x": {Use: "x"}}

var other = &cobra.Other{Use: "other"}

func local() Command { return Command{
	Use: "local",
} }
`,
    });
    const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Command.Use' });
    assert.deepEqual(placesOf(r.meta), [
      'cmd/root.go:5',
      'cmd/root.go:7',
      'cmd/root.go:7',
      'cmd/root.go:9',
      'cmd/root.go:14',
    ]);
    // The key of another type's literal is counted as on other types, not listed.
    assert.match(r.text, /Also matched: 1 use of `Use` on other types \(e\.g\. cmd\/root\.go:11\)/);
  });
});
