import { strict as assert } from 'node:assert';
import { flatten, outlineOf, allSymbols, fixtureText, outlineCompileCpuMs } from './outlineHelper';

const fixture = (name: string) => fixtureText('c', name);
const all = allSymbols;

describe('outline: C', function () {
  this.timeout(20_000);

  it('finds prototypes, typedefs and macros in a header (include guard, extern "C")', async () => {
    assert.deepEqual(flatten(await outlineOf('c', fixture('ringbuf.h'))), [
      // `#define RINGBUF_H` (no value) is an include guard, not a symbol.
      'variable RINGBUF_DEFAULT_CAPACITY [15-15] ctx 14',
      'function RINGBUF_MIN [18-18] ctx 17',
      'enum ringbuf_status [21-25] ctx 20', // typedef enum X {…} X: one symbol
      '  field RINGBUF_OK [22-22]',
      '  field RINGBUF_FULL [23-23]',
      '  field RINGBUF_EMPTY [24-24]', // the trailing `/* no room */` above belongs to RINGBUF_FULL
      'type ringbuf_t [28-28] ctx 27',
      'type ringbuf_sink [31-31] ctx 30', // function pointer typedef
      'function ringbuf_new [34-34] ctx 33', // pointer-returning prototype
      'function ringbuf_free [35-35]',
      'function ringbuf_push [36-36]',
      'function ringbuf_drain [37-37]',
      'function ringbuf_names [38-38]', // const char **
      'variable ringbuf_debug [40-40]',
    ]);
  });

  it('finds every kind in a source file: structs, unions, typedefs, globals, definitions', async () => {
    assert.deepEqual(flatten(await outlineOf('c', fixture('ringbuf.c'))), [
      'variable GROW_FACTOR [6-6]',
      'function SWAP [7-12]', // multi-line function-like macro
      'variable ringbuf_debug [14-14]',
      'variable names [15-15]',
      'variable live_count [16-16]',
      'variable peak_count [16-16]',
      'class ringbuf [19-32] ctx 18',
      '  field data [20-20]',
      '  field capacity [21-21]', // `/* storage */` trails the line above: not context
      '  field head [22-22]',
      '  field tail [22-22]', // `size_t head, tail;`: two symbols on one node, siblings
      '  field stats [24-27] ctx 23', // anonymous struct member
      '    field pushes [25-25]',
      '    field drops [26-26]',
      '  field user [28-31]',
      '    field ptr [29-29]',
      '    field bits [30-30]',
      'class point_t [34-37]', // typedef struct {…} point_t
      '  field x [35-35]',
      '  field y [36-36]',
      'class node [39-42]', // typedef struct node {…} node_t: the tag and the typedef
      '  field next [40-40]',
      '  field value [41-41]',
      'class node_t [39-42]',
      'enum color [44-44]',
      '  field RED [44-44]',
      '  field GREEN [44-44]',
      '  field BLUE [44-44]',
      'class value [46-49]', // union
      '  field i [47-47]',
      '  field d [48-48]',
      'function used [51-51]', // static prototype
      'function ringbuf_new [54-63] ctx 53',
      'function ringbuf_free [65-72]',
      'function used [74-77]',
      'function ringbuf_push [79-91]', // __attribute__ on its own line is inside the definition
      'function ringbuf_drain [93-104]',
      'function ringbuf_names [106-106]',
      'variable on_error [108-108]', // function pointer variable
      'function main [111-116]', // inside #ifdef
    ]);
  });

  it('ends signatures before the body', async () => {
    const symbols = all(await outlineOf('c', fixture('ringbuf.c')));
    const at = (name: string, line: number) => symbols.find((s) => s.name === name && s.startLine === line)!;
    assert.equal(at('ringbuf_new', 54).signature, 'ringbuf_t *ringbuf_new(size_t capacity)');
    assert.equal(at('ringbuf_new', 54).bodyStartLine, 55);
    assert.equal(
      at('ringbuf_push', 79).signature,
      '__attribute__((hot)) ringbuf_status ringbuf_push(ringbuf_t *rb, const uint8_t *data, size_t len)',
    );
    assert.equal(at('ringbuf', 19).signature, 'struct ringbuf');
    assert.equal(at('point_t', 34).signature, 'typedef struct');
    assert.equal(at('node_t', 39).signature, 'typedef struct node');
    assert.equal(at('used', 51).signature, 'static size_t used(const struct ringbuf *rb);');
  });

  it('handles nested declarators, anonymous enums, preprocessor branches and locals', async () => {
    const text = [
      'void (*signal(int sig, void (*func)(int)))(int);', // 1
      'typedef char name_t[32];', // 2
      'typedef int (*cmp_fn)(const void *, const void *);', // 3
      'struct ops {', // 4
      '    int (*open)(const char *path);', // 5
      '    unsigned ready : 1;', // 6
      '    char name[16];', // 7
      '} default_ops = { 0 };', // 8
      'enum { ANON_A, ANON_B };', // 9
      '#if defined(_WIN32)', // 10
      'static int platform = 1;', // 11
      '#elif defined(__APPLE__)', // 12
      'static int platform = 2;', // 13
      '#else', // 14
      'static int platform = 3;', // 15
      '#endif', // 16
      'static inline int', // 17
      'add(int a,', // 18
      '    int b)', // 19
      '{', // 20
      '    int local = a + b;', // 21
      '    return local;', // 22
      '}', // 23
    ].join('\n');
    const outline = await outlineOf('c', text);
    assert.deepEqual(flatten(outline), [
      'function signal [1-1]', // returns a function pointer
      'type name_t [2-2]',
      'type cmp_fn [3-3]',
      'variable default_ops [4-8]',
      '  class ops [4-8]',
      '    field open [5-5]', // function pointer member
      '    field ready [6-6]', // bit field
      '    field name [7-7]',
      'variable ANON_A [9-9]', // anonymous enum: constants
      'variable ANON_B [9-9]',
      'variable platform [11-11]',
      'variable platform [13-13]',
      'variable platform [15-15]',
      'function add [17-23]', // no locals
    ]);
    // glibc-style: macros after the parameters make tree-sitter-c produce an ERROR node.
    const glibc = [
      '/* Convert a string to an integer.  */',
      'extern int atoi (const char *__nptr)',
      '     __THROW __attribute_pure__ __nonnull ((1)) __wur;',
    ].join('\n');
    assert.deepEqual(flatten(await outlineOf('c', glibc)), ['function atoi [2-3] ctx 1']);
    assert.equal(all(outline).find((s) => s.name === 'add')!.signature, 'static inline int add(int a, int b)');
  });

  it('compiles its outline query quickly', async () => {
    const best = await outlineCompileCpuMs('c');
    assert.ok(best < 1_000, `outline query compiles in ${best.toFixed(0)} ms of CPU, well under a second`);
  });
});
