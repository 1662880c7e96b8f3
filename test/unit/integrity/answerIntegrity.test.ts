// The integrity promise (SECURITY.md 1, "Caches answer only for the version they learned from"): any
// sequence of reads in every mode, same-size rewrites with the modification time put back, encoding
// changes, renames, replacements and new processes over one persistent symbol cache never shows a line,
// or a name, that is not in the file now.
import fc from 'fast-check';
import * as path from 'node:path';
import { tempDir } from '../helpers';
import { makeVersion, World, type Encoding, type Shape } from './world';

const shape = fc.constantFrom<Shape>('fn', 'class', 'both');
const encoding = fc.constantFrom<Encoding>('utf-8', 'utf-8', 'utf-16le');
const which = fc.nat(7);

const step = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('read' as const),
      which,
      start: fc.integer({ min: 1, max: 9 }),
      count: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('outline' as const), which }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('symbols' as const), which, inFile: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('snippet' as const), which, line: fc.integer({ min: 1, max: 9 }) }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('references' as const), which }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('map' as const) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('search' as const) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('stat' as const), which }) },
  {
    weight: 8,
    arbitrary: fc.record({
      op: fc.constant('rewrite' as const),
      which,
      shape,
      encoding,
      padLines: fc.integer({ min: 1, max: 6 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('rename' as const), which, onto: fc.option(which, { nil: undefined }) }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('restart' as const) }) },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

async function apply(world: World, s: Step): Promise<void> {
  const names = [...world.files.keys()].sort();
  const name = 'which' in s ? names[s.which % names.length]! : names[0]!;
  switch (s.op) {
    case 'read':
      return world.readFile(name, s.start, s.count);
    case 'outline':
      return world.outline(name);
    case 'symbols':
      return world.symbols(name, s.inFile);
    case 'snippet':
      return world.snippet(name, s.line);
    case 'references':
      return world.references(name);
    case 'map':
      return world.map();
    case 'search':
      return world.search();
    case 'stat':
      return world.stat(name);
    case 'rewrite':
      return world.rewriteSameSize(name, s.shape, s.encoding, s.padLines);
    case 'rename': {
      const onto = s.onto === undefined ? undefined : names[s.onto % names.length];
      return world.rename(name, onto === name || names.length < 3 ? undefined : onto);
    }
    case 'restart':
      return world.restart();
  }
}

describe('answer integrity: no cache answers for a version it did not learn from', function () {
  this.timeout(120_000);

  it('never shows a line or a name not in the file now (warm and cold, every mode)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(shape, encoding, fc.integer({ min: 1, max: 6 })), { minLength: 2, maxLength: 3 }),
        fc.array(step, { minLength: 4, maxLength: 14 }),
        async (initial, steps) => {
          const world = new World(tempDir('lectern-integrity-'), path.join(tempDir('lectern-integrity-cache-'), 'c'));
          initial.forEach(([s, e, p], i) => world.write(`src/f${i}.ts`, makeVersion(s, e, 600, p)));
          try {
            // Warm every cache first, so that the steps meet what it learned.
            for (const name of world.files.keys()) await world.symbols(name, true);
            await world.search();
            for (const s of steps) await apply(world, s);
          } catch (error) {
            throw new Error(`${(error as Error).message}\n  files now: ${world.describe()}`);
          } finally {
            await world.lectern.dispose();
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
