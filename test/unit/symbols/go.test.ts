import { strict as assert } from 'node:assert';
import type { OutlineSymbol } from '../../../src/core/ground/symbolTypes';
import { flatten, outlineOf, allSymbols, fixtureText, outlineCompileCpuMs } from './outlineHelper';
import { LANGUAGES } from '../../../src/core/symbols/languages/index';
import { extractorVersion } from '../../../src/core/symbols/extractorVersion';
import { Lectern } from '../../../src/core/engine';
import { createNodeHost, rootsOf } from '../../../src/node/nodeHost';
import { ok, fails, tempDir, write } from '../helpers';

const fixture = (name: string) => fixtureText('go', name);

const all = allSymbols;
const find = (symbols: OutlineSymbol[], name: string): OutlineSymbol => all(symbols).find((s) => s.name === name)!;

describe('outline: Go', function () {
  this.timeout(20_000);

  it('finds every kind in a realistic file: spans, nesting, groups, doc comments', async () => {
    const outline = await outlineOf('go', fixture('server.go'));
    assert.deepEqual(flatten(outline), [
      'constant DefaultPort [12-12] ctx 11',
      // A grouped declaration: each spec is a symbol with its own doc comment. Constants are `constant`,
      // variables `variable`, structs `struct` (VS Code's own kinds for them).
      'constant StatePending [17-17] ctx 16',
      'constant StateRunning [18-18]',
      'constant StateDone [19-19]',
      'variable ErrClosed [22-22]',
      'variable mu [25-25]',
      'variable registry [26-26]',
      'type State [30-30] ctx 29',
      'type ID [33-33] ctx 32',
      'interface Handler [36-40] ctx 35',
      '  method Handle [38-38] ctx 37',
      '  method Name [39-39]',
      'struct Job [43-53] ctx 42',
      '  field ID [45-45] ctx 44',
      '  field Payload [46-46]',
      '  field state [47-47]',
      '  field Mutex [48-48]', // embedded sync.Mutex, named by its type
      '  field Meta [49-52]',
      '    field Owner [50-50]',
      '    field Tags [51-51]',
      'type Option [57-57] ctx 56',
      'struct Stats [60-63] ctx 59',
      '  field Pending [61-61]',
      '  field Running [61-61]', // `Pending, Running int`: two symbols on one node, siblings
      '  field Done [62-62]',
      'struct Server [67-71] ctx 66',
      '  field opts [68-68]',
      '  field jobs [69-69]',
      '  field handler [70-70]',
      'struct Queue [74-76] ctx 73',
      '  field items [75-75]',
      // Methods are declared outside their type: top-level in file order, scoped by their receiver.
      'method Queue.Push [79-81] ctx 78',
      'function New [84-90] ctx 83',
      'method Server.Start [93-107] ctx 92',
      'method Server.Submit [110-112] ctx 109',
      'method Server.ServeHTTP [115-117] ctx 114',
      'function Map [120-126] ctx 119',
      'function helper [129-129] ctx 128', // a //go: directive is context too
    ]);
  });

  it('ends signatures before the body', async () => {
    const outline = await outlineOf('go', fixture('server.go'));
    const signatures = Object.fromEntries(
      ['Push', 'Start', 'Map', 'Job', 'Queue', 'Handle', 'DefaultPort', 'StatePending', 'ID'].map((n) => [
        n,
        find(outline, n).signature,
      ]),
    );
    assert.deepEqual(signatures, {
      Push: 'func (q *Queue[T]) Push(item T)',
      Start: 'func (s *Server) Start(ctx context.Context) error',
      Map: 'func Map[T, U any](xs []T, f func(T) U) []U',
      Job: 'type Job struct',
      Queue: 'type Queue[T any] struct',
      Handle: 'Handle(ctx context.Context, job *Job) error',
      DefaultPort: 'const DefaultPort = 8080',
      StatePending: 'StatePending State = iota',
      ID: 'type ID = string',
    });
    assert.equal(find(outline, 'Start').bodyStartLine, 93);
  });

  it('keeps locals out and type declarations inside functions in', async () => {
    const text = [
      'package p', // 1
      '', // 2
      'func run() {', // 3
      '\tconst limit = 3', // 4
      '\tvar count int', // 5
      '\ttype pair struct{ a, b int }', // 6
      '\t_ = pair{}', // 7
      '}', // 8
      'var x, y = 1, 2', // 9
      'type (', // 10
      '\tReader interface{ Read(p []byte) (int, error) }', // 11
      '\tAlias = Reader', // 12
      ')', // 13
    ].join('\n');
    assert.deepEqual(flatten(await outlineOf('go', text)), [
      'function run [3-8]',
      '  struct pair [6-6]',
      '    field a [6-6]',
      '    field b [6-6]',
      'variable x [9-9]',
      'variable y [9-9]',
      'interface Reader [11-11]',
      '  method Read [11-11]',
      'type Alias [12-12]',
    ]);
  });

  it('compiles its outline query quickly', async () => {
    const best = await outlineCompileCpuMs('go');
    assert.ok(best < 1_000, `outline query compiles in ${best.toFixed(0)} ms of CPU, well under a second`);
  });

  it('reads a struct by kind struct and a constant by kind constant (not class, not variable)', async () => {
    const root = tempDir();
    write(root, 'server.go', fixture('server.go'));
    const ws = {
      lectern: new Lectern(
        createNodeHost(() => rootsOf([root])),
        () => ({ sessionGuard: false }),
      ),
    };
    const job = await ok(ws.lectern, 'lectern_read', {
      mode: 'symbol',
      target: 'Job',
      path: 'server.go',
      kind: 'struct',
    });
    assert.match(job.text.split('\n')[0]!, /^server\.go:42-53 struct Job$/);
    const port = await ok(ws.lectern, 'lectern_read', {
      mode: 'symbol',
      target: 'DefaultPort',
      path: 'server.go',
      kind: 'constant',
    });
    assert.match(port.text.split('\n')[0]!, /constant DefaultPort$/);
    const outline = await ok(ws.lectern, 'lectern_read', { target: 'server.go', outline: true });
    assert.match(outline.text, /\[L17\] constant StatePending State = iota/);
    assert.match(outline.text, /\[L22\] variable var ErrClosed/);
    await fails(
      ws.lectern,
      'lectern_read',
      { mode: 'symbol', target: 'Job', path: 'server.go', kind: 'class' },
      'NOT_FOUND',
    );
  });

  it('a cached index made with other kinds is not used: the extractor version names the queries', () => {
    const asBefore = LANGUAGES.map((l) =>
      l.grammar === 'go' ? { ...l, outline: l.outline.replaceAll('symbol.struct', 'symbol.class') } : l,
    );
    assert.equal(extractorVersion(LANGUAGES), extractorVersion());
    assert.notEqual(extractorVersion(asBefore), extractorVersion());
  });
});
