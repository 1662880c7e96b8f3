import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { Lectern } from '../../../src/core/engine';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { flatten, outlineOf, allSymbols, fixtureText, outlineCompileCpuMs } from './outlineHelper';

const fixture = (name: string) => fixtureText('java', name);
const all = allSymbols;

describe('outline: Java', function () {
  this.timeout(20_000);

  it('finds every kind in a realistic file: overloads, nesting, annotations, Javadoc', async () => {
    const outline = await outlineOf('java', fixture('OrderService.java'));
    assert.deepEqual(flatten(outline), [
      // Annotations are modifiers inside the declaration (its span); the Javadoc above is context.
      'class OrderService [16-112] ctx 11',
      '  field PAGE_SIZE [21-21] ctx 20',
      '  field orders [23-23]',
      '  field created [24-24]',
      '  field cancelled [24-24]', // `private int created, cancelled;`: two symbols on one node, siblings
      '  field clock [26-27]',
      '  method OrderService [30-32] ctx 29',
      '  method OrderService [34-36]',
      '  method find [41-43] ctx 38',
      '  method find [45-53]',
      '  method place [55-62]',
      '  method close [64-73]',
      '    method run [67-70]', // anonymous class
      '  interface Handler [76-83] ctx 75',
      '    method handle [78-78]',
      '    method logged [80-82]',
      '  enum Status [86-106] ctx 85',
      '    field NEW [87-87]',
      '    field PAID [89-92] ctx 88',
      '      method terminal [90-91]', // constant-specific body
      '    field SHIPPED [93-93]',
      '    field label [95-95]',
      '    method Status [97-97]',
      '    method Status [99-101]',
      '    method terminal [103-105]',
      '  class Stats [108-111]',
      '    field count [109-109]',
      '    field total [110-110]',
      'class Line [115-126] ctx 114', // record
      '  field sku [115-115]', // record components
      '  field quantity [115-115]',
      '  field EMPTY [116-116]',
      '  method Line [118-120]', // compact constructor
      '  method compareTo [122-125]',
      'interface Audited [129-133] ctx 128', // @interface
      '  method value [131-131]',
      '  method level [132-132]',
      'interface Clock [135-139]',
      '  field MILLIS_PER_SECOND [136-136]',
      '  method now [138-138]',
      'class OrderException [141-143]',
      '  method OrderException [142-142]',
    ]);
  });

  it('ends signatures before the body', async () => {
    const symbols = all(await outlineOf('java', fixture('OrderService.java')));
    const at = (name: string, line: number) => symbols.find((s) => s.name === name && s.startLine === line)!;
    assert.equal(
      at('OrderService', 16).signature,
      '@Service @Transactional(readOnly = true) public class OrderService<T extends Order> implements AutoCloseable',
    );
    assert.equal(at('OrderService', 16).bodyStartLine, 18);
    assert.equal(
      at('place', 55).signature,
      '@Override @Transactional public synchronized <R> R place(T order, Handler<R> handler) throws OrderException',
    );
    assert.equal(at('place', 55).bodyStartLine, 58);
    assert.equal(at('find', 45).signature, 'public List<T> find(Predicate<? super T> filter, int limit)');
    assert.equal(at('handle', 78).signature, 'R handle(Order order) throws OrderException;');
    assert.equal(at('Line', 115).signature, 'record Line(String sku, int quantity) implements Comparable<Line>');
  });

  it('covers modules, local classes, sealed interfaces and nested records', async () => {
    const module = ['/** The orders module. */', 'module com.example.orders {', '    requires java.base;', '}'].join(
      '\n',
    );
    assert.deepEqual(flatten(await outlineOf('java', module)), ['module com.example.orders [2-4] ctx 1']);
    const text = [
      'public abstract class Shape {', // 1
      '    // Area in square units.', // 2
      '    @Deprecated', // 3
      '    abstract double area();', // 4
      '', // 5
      '    static <T extends Comparable<T>> T max(T a, T b) {', // 6
      '        class Local { int n; }', // 7
      '        return a.compareTo(b) > 0 ? a : b;', // 8
      '    }', // 9
      '', // 10
      '    sealed interface Node permits Leaf {}', // 11
      '    record Leaf(int value) implements Node {}', // 12
      '}', // 13
    ].join('\n');
    assert.deepEqual(flatten(await outlineOf('java', text)), [
      'class Shape [1-13]',
      '  method area [3-4] ctx 2',
      '  method max [6-9]',
      '    class Local [7-7]',
      '      field n [7-7]',
      '  interface Node [11-11]',
      '  class Leaf [12-12]',
      '    field value [12-12]',
    ]);
  });

  it('shows a declaration with several declarators once in the outline answer, each name still readable', async () => {
    const root = join(__dirname, '..', '..', 'fixtures', 'symbols');
    const lectern = new Lectern(
      { fs: nodeFileSystem, roots: () => [{ name: 'fixtures', path: root }], loadWasm: createWasmLoader() },
      () => ({ sessionGuard: false }),
    );
    const outline = await lectern.invoke('lectern_read', { target: 'java/OrderService.java', outline: true });
    assert.ok(outline.ok, outline.text);
    const shared = outline.text.split('\n').filter((line) => line.includes('private int created, cancelled;'));
    assert.deepEqual(shared, ['  [L24] field private int created, cancelled;']);
    for (const name of ['OrderService.created', 'OrderService.cancelled']) {
      const read = await lectern.invoke('lectern_read', {
        mode: 'symbol',
        target: name,
        path: 'java/OrderService.java',
      });
      assert.ok(read.ok && read.text.includes('private int created, cancelled;'), `${name}: ${read.text}`);
    }
  });

  it('compiles its outline query quickly', async () => {
    const best = await outlineCompileCpuMs('java');
    assert.ok(best < 1_000, `outline query compiles in ${best.toFixed(0)} ms of CPU, well under a second`);
  });
});
