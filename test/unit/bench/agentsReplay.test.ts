// bench:agents' pure parts: which steps of a trajectory are reads and what each asks for, the
// Lectern call it maps to, the lines each side showed and the lines a patch touches. No replay here.
import { strict as assert } from 'node:assert';
import { breToRe2, grepSearch } from '../../../bench/agents/grepCommand';
import { lecternCalls, listingCall } from '../../../bench/agents/lecternCall';
import { agentShown, keptParts, patchLines, pointedLines, showsOtherVersion } from '../../../bench/agents/lines';
import { isTestPath } from '../../../bench/agents/prepare';
import { classifyShell } from '../../../bench/agents/shellRead';
import { classifyStep } from '../../../bench/agents/toolRead';
import { parseTrajectory } from '../../../bench/agents/trajectory';

function intents(command: string) {
  const classified = classifyShell(command);
  assert.equal(classified?.kind, 'read', `${command}: ${JSON.stringify(classified)}`);
  return classified.kind === 'read' ? classified.intents : [];
}

describe('bench:agents: shell steps as reads', () => {
  it('maps the usual views to a file, a range or several ranges', () => {
    assert.deepEqual(intents('cat src/app.py'), [{ kind: 'whole-file', files: ['src/app.py'] }]);
    assert.deepEqual(intents("cd /testbed && sed -n '120,180p' /testbed/src/app.py"), [
      { kind: 'range', file: 'src/app.py', start: 120, end: 180 },
    ]);
    assert.deepEqual(intents("nl -ba a.py | sed -n '1,25p;310,320p'"), [
      { kind: 'range', file: 'a.py', start: 1, end: 25 },
      { kind: 'range', file: 'a.py', start: 310, end: 320 },
    ]);
    assert.deepEqual(intents('head -n 40 a.py | tail -n 10'), [{ kind: 'range', file: 'a.py', start: 31, end: 40 }]);
    assert.deepEqual(intents('tail -n 50 a.py'), [{ kind: 'range', file: 'a.py', start: 0, end: null, last: 50 }]);
    assert.deepEqual(intents("awk 'NR>=5 && NR<=9' a.py"), [{ kind: 'range', file: 'a.py', start: 5, end: 9 }]);
  });

  it('takes a sed walk through one definition for a symbol read', () => {
    const [intent] = intents("sed -n '/def _read_table_qdp/,/return/p' astropy/io/ascii/qdp.py");
    assert.deepEqual(intent, {
      kind: 'range',
      file: 'astropy/io/ascii/qdp.py',
      start: 0,
      end: null,
      symbol: '_read_table_qdp',
    });
    assert.deepEqual(lecternCalls(intent!, () => 1)[0]!.input, {
      mode: 'symbol',
      target: '_read_table_qdp',
      path: 'astropy/io/ascii/qdp.py',
    });
  });

  it('is not a read when the step runs, edits or writes', () => {
    for (const command of [
      'python reproduce.py',
      "sed -i 's/a/b/' f.py && sed -n '1,3p' f.py",
      "cat <<'EOF' > x.py\nprint(1)\nEOF",
      'pytest tests',
      'git diff',
    ])
      assert.equal(classifyShell(command), null, command);
  });

  it('counts a read-like step no call fits, with why', () => {
    assert.deepEqual(classifyShell('grep -c "x" a.py'), { kind: 'unmapped', reason: 'grep -c (a count of matches)' });
    assert.deepEqual(classifyShell("grep -n x a.py && python -c 'print(1)'"), {
      kind: 'unmapped',
      reason: 'read chained with other commands',
    });
    assert.equal(classifyShell("sed -n '795,800p' m.py | od -c")?.kind, 'unmapped');
  });

  it('maps listings to listingCall, and ls of a file to a stat', () => {
    assert.deepEqual(intents('ls -R astropy/table | grep ".py" | head -n 20'), [
      { kind: 'listing', target: 'astropy/table', file: false },
    ]);
    assert.deepEqual(intents('find sympy -name "mathml.py"'), [
      { kind: 'listing', target: 'sympy', name: 'mathml.py' },
    ]);
    assert.deepEqual(listingCall('sympy', 'mathml.py').input, { mode: 'files', target: 'sympy/**/mathml.py' });
    assert.deepEqual(
      lecternCalls({ kind: 'listing', target: 'sympy' }, () => 1),
      [listingCall('sympy')],
    );
    assert.equal(lecternCalls({ kind: 'listing', target: 'a.py', file: true }, () => 1)[0]!.tool, 'lectern_stat');
    // ls shows one level and tree -L N levels: the listing opens as many.
    assert.deepEqual(intents('ls -la src'), [{ kind: 'listing', target: 'src', file: false, depth: 1 }]);
    assert.deepEqual(intents('tree -L 2 src'), [{ kind: 'listing', target: 'src', file: false, depth: 2 }]);
    assert.deepEqual(lecternCalls({ kind: 'listing', target: 'src', depth: 1 }, () => 1)[0]!.input, {
      mode: 'files',
      target: 'src',
      depth: 1,
    });
  });
});

describe('bench:agents: grep as a Lectern search', () => {
  it("translates grep's basic syntax to RE2", () => {
    assert.equal(breToRe2('foo\\|bar'), 'foo|bar');
    assert.equal(breToRe2('f(x)+'), 'f\\(x\\)\\+');
    assert.equal(breToRe2('\\<word\\>'), '\\bword\\b');
  });

  it('keeps case, paths, globs, context and a head limit', () => {
    const [search] = intents('grep -rn "foo\\|bar" src --include="*.py" 2>/dev/null | head -n 20');
    assert.deepEqual(search, {
      kind: 'search',
      query: 'foo|bar',
      regex: true,
      caseSensitive: true,
      paths: ['src'],
      include: ['*.py'],
      before: 0,
      after: 0,
      limit: 20,
    });
    assert.deepEqual(
      lecternCalls(search!, () => 1),
      [
        {
          tool: 'lectern_search',
          input: {
            query: 'foo|bar',
            target: 'src',
            include: ['*.py'],
            is_regex: true,
            case_sensitive: true,
            max_results: 20,
          },
        },
      ],
    );
    const context = grepSearch(['grep', '-inC5', 'def get', 'a.py']);
    assert.deepEqual(context, {
      kind: 'search',
      query: 'def get',
      regex: false,
      caseSensitive: false,
      paths: ['a.py'],
      include: [],
      before: 5,
      after: 5,
    });
  });

  it('reads an escaped quote inside double quotes as part of the word', () => {
    const [search] = intents('grep -C 2 "if not getoption(\\"keep\\"):" src/main.py');
    assert.equal(search?.kind, 'search');
    assert.deepEqual(search?.kind === 'search' && [search.query, search.paths], [
      'if not getoption\\("keep"\\):',
      ['src/main.py'],
    ]);
  });

  it('searches one file for nl -ba FILE | grep, and a folder for find | xargs grep', () => {
    assert.deepEqual(intents('nl -ba m.py | grep -C 20 "def _print"')[0], {
      kind: 'search',
      query: 'def _print',
      regex: false,
      caseSensitive: true,
      paths: ['m.py'],
      include: [],
      before: 20,
      after: 20,
    });
    const [search] = intents('find sympy/polys -name "*.py" | xargs grep -l "class Poly"');
    assert.deepEqual(search, {
      kind: 'search',
      query: 'class Poly',
      regex: false,
      caseSensitive: true,
      paths: ['sympy/polys'],
      include: ['*.py'],
      before: 0,
      after: 0,
    });
  });
});

describe('bench:agents: lines shown and lines a patch touches', () => {
  const file = (p: string) => (p === 'a.py' ? Array.from({ length: 30 }, (_, i) => `line ${i + 1}`) : undefined);
  /** grep over a.py, without context. */
  const grepA = (query: string) => ({
    kind: 'search' as const,
    query,
    regex: false,
    caseSensitive: true,
    paths: ['a.py'],
    include: [],
    before: 0,
    after: 0,
  });

  it("counts a range's lines, less what the harness cut from a long output", () => {
    assert.deepEqual(
      [...agentShown([{ kind: 'range', file: 'a.py', start: 5, end: 8 }], '', file).get('a.py')!],
      [5, 6, 7, 8],
    );
    const cut =
      '<warning>long</warning><output_head>\nline 1\nline 2\n</output_head>\n<elided_chars>\n99 characters elided\n</elided_chars>\n<output_tail>\nline 30\n</output_tail>';
    assert.deepEqual(keptParts(cut), { head: 2, tail: 1 });
    assert.deepEqual([...agentShown([{ kind: 'whole-file', files: ['a.py'] }], cut, file).get('a.py')!], [1, 2, 30]);
  });

  it('counts the lines a sed walk through one definition printed, found in the file, not the whole file', () => {
    const walk = { kind: 'range' as const, file: 'a.py', start: 0, end: null, symbol: 'f' };
    assert.deepEqual([...agentShown([walk], 'line 12\nline 13\nline 14\n', file).get('a.py')!], [12, 13, 14]);
    assert.equal(agentShown([walk], 'not in the file\n', file).get('a.py'), undefined);
  });

  it("reads a search's lines by number, or by text when grep printed none", () => {
    const search = grepA('x');
    assert.deepEqual([...agentShown([search], '3:line 3\n4-line 4\n--\n12:line 12', file).get('a.py')!], [3, 4, 12]);
    assert.deepEqual([...agentShown([search], 'line 7', file).get('a.py')!], [7]);
    assert.deepEqual([...agentShown([{ ...search, paths: [] }], 'a.py:9:line 9', file).get('a.py')!], [9]);
  });

  it('tells a step that read an edited file (a line the base file has not there) from one that read the base', () => {
    const range = [{ kind: 'range' as const, file: 'a.py', start: 5, end: 7 }];
    assert.equal(showsOtherVersion(range, 'line 5\nline 6\nline 7\n', file), false);
    assert.equal(showsOtherVersion(range, '     5\tline 5\n     6\tline 6\n     7\tline 7', file), false);
    assert.equal(showsOtherVersion(range, 'line 5\nline 5b\nline 6\n', file), true);
    assert.equal(showsOtherVersion(range, 'line 5\nline 6\n', file), true);
    const whole = [{ kind: 'whole-file' as const, files: ['a.py'] }];
    const cut = (head: string, tail: string) =>
      `<warning>long</warning><output_head>\n${head}\n</output_head>\n<elided_chars>\n9 characters elided\n</elided_chars>\n<output_tail>\n${tail}\n</output_tail>`;
    assert.equal(showsOtherVersion(whole, cut('line 1\nline 2', 'line 29\nline 30'), file), false);
    assert.equal(showsOtherVersion(whole, cut('line 1\nline 2', 'line 30\nline 31'), file), true);
    const search = grepA('line');
    assert.equal(showsOtherVersion([search], '3:line 3\n--\n12-line 12', file), false);
    assert.equal(showsOtherVersion([search], '3:line 3\n12:line 16', file), true);
    // Lines grep did not number are not judged: text can look numbered.
    assert.equal(showsOtherVersion([search], 'x = a-1-b\nline 4', file), false);
  });

  it('takes the lines a pointer answer names (the model has them from the earlier call)', () => {
    const cases: [string, number, number][] = [
      ['a.py · lines 1,203-1,210 of 2,835 · unchanged since call #3', 1203, 1210],
      ['a.py · first 20 lines of 373 · unchanged since call #4', 1, 20],
      ['a.py · whole file, 114 lines (3.6 KB) · unchanged since call #2', 1, 114],
      ['a.py · last 5 lines (26-30 of 30) · unchanged since call #9', 26, 30],
      ['a.py:12-40 function run · unchanged since call #1', 12, 40],
    ];
    for (const [header, start, end] of cases)
      assert.deepEqual(pointedLines(header), { file: 'a.py', start, end }, header);
    assert.equal(pointedLines('a.py · lines 1-20 of 373\n1\tline 1'), null);
  });

  it('takes removed lines, and the line before an insertion', () => {
    const diff = [
      '--- a/a.py',
      '+++ b/a.py',
      '@@ -3,2 +3,2 @@',
      '-old 3',
      '-old 4',
      '+new',
      '+new',
      '@@ -10,0 +11,1 @@',
      '+added',
      '',
    ].join('\n');
    assert.deepEqual(
      [...patchLines(diff).get('a.py')!].sort((x, y) => x - y),
      [3, 4, 10],
    );
    const context = ['--- a/b.py', '+++ b/b.py', '@@ -5,3 +5,4 @@', ' keep 5', '+added', ' keep 6', ' keep 7', ''].join(
      '\n',
    );
    assert.deepEqual([...patchLines(context).get('b.py')!], [5]);
  });

  it('leaves test files out of the gold patch', () => {
    assert.equal(isTestPath('tests/test_x.py'), true);
    assert.equal(isTestPath('sympy/core/tests/test_basic.py'), true);
    assert.equal(isTestPath('src/_pytest/python.py'), false);
    assert.equal(isTestPath('astropy/testing/helper.py'), true);
  });
});

describe('bench:agents: trajectories', () => {
  it("reads mini-swe-agent's steps: one bash block, the next message's output", () => {
    const traj = {
      messages: [
        { role: 'system', content: 's' },
        { role: 'assistant', content: 'THOUGHT: look\n\n```bash\ncat a.py\n```' },
        { role: 'user', content: '<returncode>0</returncode>\n<output>\nline 1\n</output>' },
      ],
      info: { submission: 'diff' },
    };
    const { steps, submission } = parseTrajectory(JSON.stringify(traj));
    assert.deepEqual(steps, [{ tool: 'bash', command: 'cat a.py', args: {}, observation: 'line 1\n' }]);
    assert.equal(submission, 'diff');
  });

  it("reads a tool agent's editor views as a file, a range or a listing", () => {
    const call = (args: object) => ({
      role: 'assistant',
      content: '',
      tool_calls: [{ function: { name: 'str_replace_editor', arguments: JSON.stringify(args) } }],
    });
    const traj = {
      messages: [
        call({ command: 'view', path: '/testbed/a.py', view_range: [3, 9] }),
        { role: 'tool', content: 'out' },
        call({ command: 'view', path: '/testbed/src' }),
        { role: 'tool', content: 'out' },
      ],
    };
    const [range, folder] = parseTrajectory(JSON.stringify(traj)).steps.map(classifyStep);
    assert.deepEqual(range, { kind: 'read', intents: [{ kind: 'range', file: 'a.py', start: 3, end: 9 }] });
    assert.deepEqual(folder, { kind: 'read', intents: [{ kind: 'listing', target: 'src', depth: 2 }] });
  });
});
