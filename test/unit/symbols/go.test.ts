import { strict as assert } from 'node:assert';
import type { OutlineSymbol } from '../../../src/core/ground/symbolTypes';
import { flatten, outlineOf, allSymbols, fixtureText, outlineCompileCpuMs } from './outlineHelper';

const fixture = (name: string) => fixtureText('go', name);

const all = allSymbols;
const find = (symbols: OutlineSymbol[], name: string): OutlineSymbol => all(symbols).find((s) => s.name === name)!;

describe('outline: Go', function () {
  this.timeout(20_000);

  it('finds every kind in a realistic file: spans, nesting, groups, doc comments', async () => {
    const outline = await outlineOf('go', fixture('server.go'));
    assert.deepEqual(flatten(outline), [
      'variable DefaultPort [12-12] ctx 11',
      // A grouped declaration: each spec is a symbol with its own doc comment.
      'variable StatePending [17-17] ctx 16',
      'variable StateRunning [18-18]',
      'variable StateDone [19-19]',
      'variable ErrClosed [22-22]',
      'variable mu [25-25]',
      'variable registry [26-26]',
      'type State [30-30] ctx 29',
      'type ID [33-33] ctx 32',
      'interface Handler [36-40] ctx 35',
      '  method Handle [38-38] ctx 37',
      '  method Name [39-39]',
      'class Job [43-53] ctx 42',
      '  field ID [45-45] ctx 44',
      '  field Payload [46-46]',
      '  field state [47-47]',
      '  field Mutex [48-48]', // embedded sync.Mutex, named by its type
      '  field Meta [49-52]',
      '    field Owner [50-50]',
      '    field Tags [51-51]',
      'type Option [57-57] ctx 56',
      'class Stats [60-63] ctx 59',
      '  field Pending [61-61]',
      '  field Running [61-61]', // `Pending, Running int`: two symbols on one node, siblings
      '  field Done [62-62]',
      'class Server [67-71] ctx 66',
      '  field opts [68-68]',
      '  field jobs [69-69]',
      '  field handler [70-70]',
      'class Queue [74-76] ctx 73',
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
      '  class pair [6-6]',
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
    assert.ok(best < 300, `outline query compiles in ${best.toFixed(0)} ms of CPU, well under 300 ms`);
  });
});
