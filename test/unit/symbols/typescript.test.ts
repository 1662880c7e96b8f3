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
      'function over [15-17]', // two overload signatures and the implementation: one symbol
      'module pkg [18-18]',
      '  function f [18-18]',
    ]);
  });
});

describe('outline: TSX and JSX', () => {
  it('finds components, hooks, props types and handlers in a TSX file', async () => {
    const text = [
      "import { useState } from 'react';", // 1
      '', // 2
      '/** Props of the counter. */', // 3
      'export interface CounterProps {', // 4
      '  start: number;', // 5
      '}', // 6
      '', // 7
      'export function Counter({ start }: CounterProps) {', // 8
      '  const [count, setCount] = useState(start);', // 9
      '  const increment = () => setCount(count + 1);', // 10
      '  return <button onClick={increment}>{count}</button>;', // 11
      '}', // 12
      '', // 13
      'export const Label = ({ text }: { text: string }) => <span className="label">{text}</span>;', // 14
    ].join('\n');
    assert.deepEqual(flatten(await outlineOf('tsx', text)), [
      'interface CounterProps [4-6] ctx 3',
      '  field start [5-5]',
      'function Counter [8-12]',
      '  function increment [10-10]',
      'function Label [14-14]',
      '  field text [14-14]', // a member of the inline props type, as the TypeScript compiler lists it
    ]);
  });

  it('parses JSX in .jsx files with the JavaScript grammar', async () => {
    const text = [
      'export default function App() {',
      '  return <main><h1>Hi</h1></main>;',
      '}',
      'class Panel extends React.Component {',
      '  render() { return <div />; }',
      '}',
    ].join('\n');
    assert.deepEqual(flatten(await outlineOf('javascript', text)), [
      'function App [1-3]',
      'class Panel [4-6]',
      '  method render [5-5]',
    ]);
  });
});
