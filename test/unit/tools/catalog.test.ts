// The shipped modes' and tools' descriptors as the session, history and hosts read them through the
// catalog: progress titles (the legacy tools take their primary call's), and the traits of calls.
import { strict as assert } from 'node:assert';
import { defaultCatalog } from '../../../src/core/tools/catalog';

const title = (tool: string, input: unknown) => defaultCatalog.title(tool, input);
const traits = (tool: string, input: Record<string, unknown>) => {
  const t = defaultCatalog.traits(tool, input);
  assert.ok(t, `${tool} ${JSON.stringify(input)} has traits`);
  return t;
};

describe('the catalog of the shipped registry', () => {
  it('titles each call by its mode or tool, and a legacy call by its primary call', () => {
    assert.equal(title('lectern_read', { target: 'a.ts', start_line: 3, end_line: 9 }), 'Reading a.ts, lines 3-9');
    assert.equal(
      title('lectern_read', { target: ['a', 'b', 'c', 'd', 'e'], tail: 4 }),
      'Reading a, b, c and 2 more, last 4 lines',
    );
    assert.equal(title('lectern_read', { mode: 'symbol', target: 'Store.get' }), 'Reading Store.get');
    assert.equal(
      title('lectern_read', { mode: 'diff_preview', against: 'INDEX' }),
      'Previewing changes in the workspace against the index',
    );
    assert.equal(
      title('lectern_read', { mode: 'nosuch', target: 'a.ts' }),
      'Reading a.ts',
      'an unknown mode reads like the default',
    );
    assert.equal(title('lectern_search', { query: 'x', target: 'src' }), 'Searching src for "x"');
    assert.equal(title('lectern_stat', { target: 'a.ts' }), 'Checking a.ts');
    assert.equal(title('read_file_tail', { path: 'a.ts', lines: 4 }), 'Reading a.ts, last 4 lines');
    assert.equal(
      title('dry_run_diff', { path: 'a.ts', against: 'WORKTREE' }),
      'Previewing changes in a.ts against the file on disk',
    );
    assert.equal(title('get_snippet', { path: 'a.ts', start_line: 5 }), 'Reading a.ts, lines 5-end');
    assert.equal(title('read_symbol', { name: 'Store.get' }), 'Reading Store.get');
    assert.equal(title('no_such_tool', {}), 'Running no_such_tool');
    assert.equal(title('lectern_read', null), 'Reading a file');
  });

  it('gives each call the traits its descriptor says', () => {
    const file = traits('lectern_read', { target: 'a.ts', start_line: 1, end_line: 20 });
    assert.deepEqual([file.answer, file.session, file.history, file.precise], ['text', 'file', 'lines', true]);
    assert.equal(traits('lectern_read', { target: 'a.ts' }).precise, false, 'a whole file is a broad read');
    assert.equal(traits('lectern_read', { target: ['a.ts'], head: 5 }).precise, false, 'a list is a broad read');
    const outline = traits('lectern_read', { target: 'a.ts', outline: true });
    assert.deepEqual([outline.answer, outline.history, outline.precise], ['outline', 'outline', false]);
    const symbol = traits('lectern_read', { mode: 'symbol', target: 'Store.get', path: 'src' });
    assert.deepEqual([symbol.precise, symbol.namedPath, symbol.search], [true, 'src', { where: 'src', query: 'get' }]);
    assert.deepEqual(symbol.elsewhere('lib'), { mode: 'symbol', target: 'Store.get', path: 'lib' });
    const snippet = traits('lectern_read', { mode: 'snippet', target: 'a.ts', start_line: 4, context_lines: 2 });
    assert.deepEqual([snippet.answer, snippet.precise, snippet.elsewhere('b.ts')], ['text', true, { target: 'b.ts' }]);
    const diff = traits('lectern_read', { mode: 'diff_preview' });
    assert.deepEqual([diff.answer, diff.session, diff.history, diff.namedPath], ['diff', 'read', 'as-is', undefined]);
    assert.deepEqual(traits('lectern_search', { query: 'x' }).session, 'search');
    assert.deepEqual(traits('lectern_stat', { target: 'a.ts' }).session, 'none');
    assert.deepEqual(traits('read_symbol', { name: 'Store.get', path: 'src/store.ts' }).namedPath, 'src/store.ts');
    assert.equal(defaultCatalog.traits('lectern_read', { mode: 'nosuch' }), undefined);
    assert.equal(defaultCatalog.traits('no_such_tool', {}), undefined);
  });
});
