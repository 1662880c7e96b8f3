import { strict as assert } from 'node:assert';
import { flattenSymbols, matchNamePath, parseNamePath, qualifiedName } from '../../../src/core/symbols/namePath';
import { flatten, outlineOf, allSymbols, fixtureText, outlineCompileCpuMs } from './outlineHelper';
import { conversionName } from '../../../src/core/symbols/languages/cpp';

const fixture = (name: string) => fixtureText('cpp', name);
const all = allSymbols;

describe('outline: C++', function () {
  this.timeout(20_000);

  it('finds every kind in a header: namespaces, templates, members, overloads, doc comments', async () => {
    assert.deepEqual(flatten(await outlineOf('cpp', fixture('lru_cache.hpp'))), [
      'variable LRU_VERSION [10-10]',
      'module util [12-102]',
      '  module detail [13-20]',
      '    function combine [16-18] ctx 15',
      '  enum Policy [23-26] ctx 22', // enum class
      '    field kLru [24-24]',
      '    field kFifo [25-25]',
      '  enum Flags [28-28]',
      '    field kNone [28-28]',
      '    field kStats [28-28]',
      '  type size_type [31-31] ctx 30', // using alias
      '  type counter_t [33-33]', // typedef
      '  variable kDefaultCapacity [35-35]',
      '  class LruCache [40-81] ctx 37', // template <…> is in the span
      '    type value_type [43-43]',
      '    method LruCache [46-46] ctx 45', // constructors
      '    method LruCache [47-47]',
      '    method ~LruCache [48-48]',
      '    method get [51-51] ctx 50', // [[nodiscard]] is in the span
      '    method put [52-52]', // overloads
      '    method put [53-53]',
      '    method size [55-55]', // defined in the class
      '    method operator== [57-57]',
      '    method for_each [59-63]', // member template; its local lock_guard is no symbol
      '    method instance [65-65]',
      '    class Node [68-71]',
      '      field key [69-69]',
      '      field value [70-70]',
      '    method evict [73-73]',
      '    field capacity_ [75-75]',
      '    field mu_ [76-76]',
      '    field items_ [77-77]',
      '    field map_ [78-78]',
      '    field policy_ [79-79]',
      '    field instances_ [80-80]',
      '  class Stats [83-87]',
      '    field hits [84-84]',
      '    field misses [85-85]',
      '    method ratio [86-86]',
      '  class Slot [89-92]', // union
      '    field i [90-90]',
      '    field f [91-91]',
      '  function clamp [94-97]', // function template
      '  type Hashable [99-100]', // concept
    ]);
  });

  it('finds out-of-class definitions, nested namespaces and extern "C" in a source file', async () => {
    assert.deepEqual(flatten(await outlineOf('cpp', fixture('lru_cache.cpp'))), [
      'module util [6-50]',
      '  variable g_instances [9-9]', // anonymous namespace: its members nest in the enclosing one
      '  function log [11-11]',
      // Out-of-class definitions stay where they are written: `Stats::ratio` is named so (its segments
      // make `Stats.ratio` resolve); with a template scope (`LruCache<K, V, Hash>::get`) the last name.
      '  method Stats::ratio [15-18] ctx 14',
      '  method LruCache.LruCache [20-23]',
      '  method LruCache.~LruCache [25-28]',
      '  method LruCache.get [30-37]',
      '  method LruCache.operator== [39-42]',
      '  method LruCache.instance [44-48]',
      'module util::io [52-66]',
      '  class Printer [54-60]',
      '    method Printer [56-56]', // = default
      '    method ~Printer [57-57]',
      '    method print [58-58]', // pure virtual; the friend declaration is no member
      '  function operator<< [62-64]',
      'function lru_cache_version [68-68]', // extern "C" is in the span
      'function main [70-74]', // no lambda or locals
    ]);
  });

  it('resolves name paths to out-of-class definitions and nested namespaces', async () => {
    const flat = flattenSymbols(await outlineOf('cpp', fixture('lru_cache.cpp')));
    const resolve = (target: string) =>
      matchNamePath(flat, parseNamePath(target)).map((f) => `${qualifiedName(f.path)}:${f.symbol.startLine}`);
    assert.deepEqual(resolve('Stats::ratio'), ['util.Stats.ratio:15']);
    assert.deepEqual(resolve('Stats.ratio'), ['util.Stats.ratio:15']);
    assert.deepEqual(resolve('util::io::Printer::print'), ['util.io.Printer.print:58']);
    assert.deepEqual(resolve('io.Printer'), ['util.io.Printer:54']);
    assert.deepEqual(resolve('get'), ['util.LruCache.get:30']); // `LruCache<K, V>::get`: scoped by the template
    assert.deepEqual(resolve('LruCache.get'), ['util.LruCache.get:30']);
  });

  it('ends signatures before the body', async () => {
    const symbols = [
      ...all(await outlineOf('cpp', fixture('lru_cache.hpp'))),
      ...all(await outlineOf('cpp', fixture('lru_cache.cpp'))),
    ];
    const at = (name: string, line: number) => symbols.find((s) => s.name === name && s.startLine === line)!;
    assert.equal(at('combine', 16).signature, 'inline std::size_t combine(std::size_t seed, std::size_t h) noexcept');
    assert.equal(at('size', 55).signature, 'size_type size() const noexcept');
    assert.equal(at('size', 55).bodyStartLine, 55);
    assert.equal(at('for_each', 59).signature, 'void for_each(F&& f) const');
    assert.equal(at('for_each', 59).bodyStartLine, 60);
    assert.equal(at('LruCache', 40).signature, 'class LruCache');
    assert.equal(at('Policy', 23).signature, 'enum class Policy : unsigned char');
    assert.equal(
      at('LruCache', 20).signature,
      'LruCache<K, V, Hash>::LruCache(size_type capacity) : capacity_(capacity)',
    );
    assert.equal(at('get', 30).signature, 'std::optional<V> LruCache<K, V, Hash>::get(const K& key)');
    assert.equal(at('get', 51).signature, '[[nodiscard]] std::optional<V> get(const K& key);');
  });

  it('handles include guards, specializations, qualified names, variable templates and locals', async () => {
    const text = [
      '#ifndef SHAPES_H', // 1
      '#define SHAPES_H', // 2
      'struct Point { int x, y; };', // 3
      'int area(const Point& p);', // 4
      'extern "C" {', // 5
      'void c_api(void);', // 6
      '}', // 7
      'template <>', // 8
      'struct std::hash<Point> {', // 9
      '    std::size_t operator()(const Point& p) const noexcept { return p.x; }', // 10
      '};', // 11
      'class Outer::Inner {', // 12
      '    operator bool() const { return true; }', // 13
      '};', // 14
      'template <typename T>', // 15
      'constexpr T pi = T(3.14159);', // 16
      'int Counter::count = 0;', // 17
      'void outer::inner::f() {}', // 18
      'template <> void swap<Point>(Point& a, Point& b) {}', // 19
      'bool operator<(const Point& a, const Point& b);', // 20
      'void run() {', // 21
      '    struct Local { int v; };', // 22
      '    auto cb = [](int x) { return x; };', // 23
      '    std::lock_guard<std::mutex> lock(mu);', // 24
      '}', // 25
      '#endif', // 26
    ].join('\n');
    assert.deepEqual(flatten(await outlineOf('cpp', text)), [
      'class Point [3-3]',
      '  field x [3-3]',
      '  field y [3-3]',
      'function area [4-4]', // inside the include guard
      'function c_api [6-6]',
      'class hash [8-11]', // template specialization
      '  method operator() [10-10]',
      'class Inner [12-14]',
      '  method operator bool [13-13]',
      'variable pi [15-16]',
      // `int Counter::count = 0;` (a static member's definition) is not captured.
      'method outer::inner::f [18-18]',
      'function swap [19-19]',
      'function operator< [20-20]',
      'function run [21-25]', // a local class is a symbol; a lambda or RAII local is not
      '  class Local [22-22]',
      '    field v [22-22]',
    ]);
  });

  it('names conversion operators by their target type, in and out of class, declared or defined', async () => {
    const text = [
      'class Ptr {', // 1
      ' public:', // 2
      '  operator bool() const { return p_; }', // 3
      '  explicit operator T*() { return p_; }', // 4
      '  operator Action<R(Args...)>() const;', // 5
      '  template <typename U> operator Matcher<U>() const { return m; }', // 6
      '  bool operator()(int x) const { return x > 0; }', // 7
      '};', // 8
      'Ptr::operator Action<R(Args...)>() const {', // 9
      '  return {};', // 10
      '}', // 11
      'template <typename T> Box<T>::operator   int() { return 1; }', // 12
    ].join('\n');
    const symbols = await outlineOf('cpp', text);
    assert.deepEqual(flatten(symbols), [
      'class Ptr [1-8]',
      '  method operator bool [3-3]',
      '  method operator T* [4-4]',
      '  method operator Action<R(Args...)> [5-5]',
      '  method operator Matcher<U> [6-6]',
      '  method operator() [7-7]',
      'method Ptr::operator Action<R(Args...)> [9-11]',
      'method Box.operator int [12-12]',
    ]);
    const flat = flattenSymbols(symbols);
    const found = (target: string) =>
      matchNamePath(flat, parseNamePath(target)).map(
        (f) => `${f.symbol.startLine}${f.symbol.declaration ? ' declaration' : ''}`,
      );
    assert.deepEqual(found('Ptr.operator bool'), ['3']);
    assert.deepEqual(found('Ptr.operator Action<R(Args...)>'), ['5 declaration', '9']);
    assert.deepEqual(found('Box.operator int'), ['12']);
    assert.equal(conversionName('operator()(int x) const'), 'operator()(int x) const');
    assert.equal(conversionName('operator new(std::size_t n)'), 'operator new(std::size_t n)');
  });

  it('finds prototypes in #if blocks but not in #else branches (compile-time trade-off)', async () => {
    const text = [
      '#ifdef _WIN32',
      'void open_win();',
      'class Handle {};',
      '#else',
      'void open_posix();',
      'class Fd {};',
      '#endif',
    ].join('\n');
    assert.deepEqual(flatten(await outlineOf('cpp', text)), [
      'function open_win [2-2]',
      'class Handle [3-3]',
      'class Fd [6-6]',
    ]);
  });

  it('reads C-style code the way the C outline does', async () => {
    const text = [
      '/** Result codes. */', // 1
      'typedef enum status { OK, FULL } status;', // 2
      'typedef struct { int x, y; } point_t;', // 3
      'typedef struct node {', // 4
      '    struct node *next;', // 5
      '    void (*visit)(struct node *);', // 6
      '} node_t;', // 7
      'typedef void (*sink_fn)(const char *data);', // 8
      'static void (*on_error)(int code) = nullptr;', // 9
      'const char **names(void);', // 10
    ].join('\n');
    assert.deepEqual(flatten(await outlineOf('cpp', text)), [
      'enum status [2-2] ctx 1', // same tag and typedef name: one symbol
      '  field OK [2-2]',
      '  field FULL [2-2]',
      'class point_t [3-3]',
      '  field x [3-3]',
      '  field y [3-3]',
      'class node [4-7]', // the tag holds the fields, the typedef spans the same lines
      '  field next [5-5]',
      '  field visit [6-6]', // function pointer member
      'class node_t [4-7]',
      'type sink_fn [8-8]',
      'variable on_error [9-9]',
      'function names [10-10]',
    ]);
  });

  it('compiles its outline query quickly', async () => {
    const best = await outlineCompileCpuMs('cpp');
    assert.ok(best < 1_000, `outline query compiles in ${best.toFixed(0)} ms of CPU, well under a second`);
  });
});
