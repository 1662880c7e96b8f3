import { strict as assert } from 'node:assert';
import { flattenSymbols, matchNamePath, parseNamePath, qualifiedName } from '../../../src/core/symbols/namePath';
import { flatten, outlineOf, allSymbols, fixtureText, outlineCompileCpuMs } from './outlineHelper';

const fixture = (name: string) => fixtureText('rust', name);
const all = allSymbols;

describe('outline: Rust', function () {
  this.timeout(20_000);

  it('finds every kind in a realistic file: impls, traits, attributes, doc comments', async () => {
    const outline = await outlineOf('rust', fixture('cache.rs'));
    assert.deepEqual(flatten(outline), [
      'variable DEFAULT_CAPACITY [8-8] ctx 7',
      'variable GLOBAL_HITS [10-10]',
      'type Result [13-13] ctx 12',
      'enum CacheError [17-23] ctx 15', // doc comment and #[derive] are context
      '  field Missing [19-19] ctx 18',
      '  field Full [21-21] ctx 20',
      '    field capacity [21-21]',
      '  field Io [22-22]',
      // An impl block is a class named by its self type: `CacheError.fmt`.
      'class CacheError [25-29]',
      '  method fmt [26-28]',
      'interface Evict [32-41] ctx 31',
      '  variable NAME [34-34] ctx 33',
      '  type Token [35-35]',
      '  method victim [38-38] ctx 37',
      '  method touch [40-40]',
      'class Entry [45-49] ctx 43',
      '  field value [46-46]',
      '  field stamp [48-48] ctx 47',
      'class Cache [54-61] ctx 51',
      '  field entries [58-58]',
      '  field capacity [59-59]',
      '  field clock [60-60]',
      'class Point [63-63]',
      'class Cache [65-95]',
      '  method new [67-69] ctx 66',
      '  method get [73-80] ctx 71', // #[inline] between doc and fn
      '  method insert [82-88]',
      '  method evict_oldest [90-94]',
      'class Cache [97-99]',
      '  method drop [98-98]',
      'module util [102-112] ctx 101',
      '  function hash [104-106] ctx 103',
      '  class Bits [108-111]',
      '    field int [109-109]',
      '    field float [110-110]',
      'module ffi [114-114]',
      'function abs [117-117]',
      'function cache [122-128] ctx 120',
      'function largest [131-136] ctx 130',
      'module tests [139-148] ctx 138',
      '  function inserts_and_gets [143-147] ctx 142',
    ]);
  });

  it('resolves methods through their impl block', async () => {
    const flat = flattenSymbols(await outlineOf('rust', fixture('cache.rs')));
    const resolve = (target: string) =>
      matchNamePath(flat, parseNamePath(target)).map(
        (f) => `${f.symbol.kind} ${qualifiedName(f.path)}:${f.symbol.startLine}`,
      );
    assert.deepEqual(resolve('Cache::get'), ['method Cache.get:73']);
    assert.deepEqual(resolve('CacheError.fmt'), ['method CacheError.fmt:26']);
    assert.deepEqual(resolve('util::Bits::float'), ['field util.Bits.float:110']);
    // The struct and its two impl blocks share the name.
    assert.deepEqual(resolve('Cache'), ['class Cache:54', 'class Cache:65', 'class Cache:97']);
  });

  it('ends signatures before the body', async () => {
    const symbols = all(await outlineOf('rust', fixture('cache.rs')));
    const signature = (name: string, line: number) =>
      symbols.find((s) => s.name === name && s.startLine === line)!.signature;
    assert.equal(signature('Cache', 54), 'pub struct Cache<K, V> where K: Eq + Hash,');
    assert.equal(signature('Cache', 65), 'impl<K: Eq + Hash + Clone, V> Cache<K, V>');
    assert.equal(signature('CacheError', 25), 'impl fmt::Display for CacheError');
    assert.equal(signature('largest', 131), 'pub async fn largest<T: PartialOrd>(a: T, b: T) -> T where T: Copy,');
    assert.equal(signature('victim', 38), 'fn victim(&mut self) -> Option<K>;');
    assert.equal(signature('cache', 122), 'macro_rules! cache');
    assert.equal(symbols.find((s) => s.name === 'largest')!.bodyStartLine, 134);
  });

  it('names impls for primitive, scoped, generic and reference types', async () => {
    const text = [
      'impl Shape for i32 {', // 1
      '    fn area(&self) -> f64 { 0.0 }', // 2
      '}', // 3
      'impl<T: Shape> Shape for &T {', // 4
      '    fn area(&self) -> f64 { (*self).area() }', // 5
      '}', // 6
      'impl geo::Polygon {', // 7
      '    pub(crate) const SIDES: u8 = 3;', // 8
      '    fn sides() -> u8 {', // 9
      '        fn inner() {}', // 10
      '        Self::SIDES', // 11
      '    }', // 12
      '}', // 13
      'impl<T> std::ops::Deref for geo::Wrapper<T> { type Target = T; fn deref(&self) -> &T { &self.0 } }', // 14
      'impl<A, B> Pair for (A, B) { fn first(&self) {} }', // 15
      '/* Block comment. */', // 16
      '#[repr(C)]', // 17
      'enum Unit { A = 1, B }', // 18
    ].join('\n');
    assert.deepEqual(flatten(await outlineOf('rust', text)), [
      'class i32 [1-3]',
      '  method area [2-2]',
      'class T [4-6]',
      '  method area [5-5]',
      'class Polygon [7-13]',
      '  variable SIDES [8-8]',
      '  method sides [9-12]',
      '    function inner [10-10]',
      'class Wrapper [14-14]',
      '  type Target [14-14]',
      '  method deref [14-14]',
      'function first [15-15]', // impl for a tuple type: not captured
      'enum Unit [18-18] ctx 16',
      '  field A [18-18]',
      '  field B [18-18]',
    ]);
  });

  it('compiles its outline query quickly', async () => {
    const best = await outlineCompileCpuMs('rust');
    assert.ok(best < 1_000, `outline query compiles in ${best.toFixed(0)} ms of CPU, well under a second`);
  });
});
