import { strict as assert } from 'node:assert';
import { flatten, outlineOf } from './outlineHelper';

describe('outline: TypeScript', () => {
  it('finds every kind with spans, nesting, decorators and doc comments', async () => {
    const text = [
      '/** A doc. */', // 1
      '@Injectable()', // 2
      'export class Store<T> extends Base {', // 3
      '  /** Count. */', // 4
      '  @Input() count = 0;', // 5
      '  get(key: string): T { return this.map[key]; }', // 6
      '}', // 7
      'export function helper(): void {}', // 8
      'const arrow = (x: number) => x * 2;', // 9
      'type Alias = string | number;', // 10
      'enum Color { Red, Green }', // 11
      'namespace NS { export function inner() {} }', // 12
      'interface Shape { area(): number; name: string }', // 13
      'export const LIMIT = 10;', // 14
      'function over(a: string): void;', // 15
      'function over(a: number): void;', // 16
      'function over(a: unknown) {}', // 17
      'declare module "pkg" { export function f(): void }', // 18
    ].join('\n');
    assert.deepEqual(flatten(await outlineOf('typescript', text)), [
      'class Store [2-7] ctx 1',
      '  field count [5-5] ctx 4',
      '  method get [6-6]',
      'function helper [8-8]',
      'function arrow [9-9]',
      'type Alias [10-10]',
      'enum Color [11-11]',
      'module NS [12-12]',
      '  function inner [12-12]',
      'interface Shape [13-13]',
      '  method area [13-13]',
      '  field name [13-13]',
      'variable LIMIT [14-14]',
      'function over [15-15]',
      'function over [16-16]',
      'function over [17-17]',
      'module pkg [18-18]',
      '  function f [18-18]',
    ]);
  });
});
