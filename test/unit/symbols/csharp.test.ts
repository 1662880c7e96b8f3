import { strict as assert } from 'node:assert';
import { flatten, outlineOf, fixtureText, symbolAt } from './outlineHelper';

const fixture = (name: string) => fixtureText('csharp', name);

describe('outline: C#', () => {
  it('block namespaces: every kind, nesting, overloads, attributes and /// doc comments', async () => {
    assert.deepEqual(flatten(await outlineOf('c_sharp', fixture('OrderService.cs'))), [
      'module Contoso.Orders [7-154]',
      '  type OrderChangedHandler [10-10] ctx 9',
      '  enum OrderStatus [13-22] ctx 12',
      '    field None [16-16]',
      '    field Pending [18-18] ctx 17',
      '    field Open [19-20]',
      '    field Shipped [21-21]',
      '  interface IOrderRepository [25-35] ctx 24',
      '    method FindAsync [28-28] ctx 27',
      '    method SaveAsync [30-30]',
      '    field Count [32-32]',
      '    field Changed [34-34]',
      '  class Money [37-44]',
      '    field Zero [39-39]',
      '    method + [41-41]',
      '    method decimal [43-43]',
      '  class OrderEventArgs [46-46]',
      '  class OrderService [51-135] ctx 48',
      '    field MaxLines [55-55]',
      '    field Timeout [56-56]',
      '    field _repository [57-57]',
      '    field _placed [58-58]',
      '    field _cancelled [58-58]', // `int _placed, _cancelled;`: two symbols on one node, siblings
      '    field Changed [61-61] ctx 60',
      '    field Disposed [63-67]',
      '    field _disposed [69-69]',
      '    method OrderService [73-76] ctx 71',
      '    method OrderService [78-80]',
      '    method OrderService [82-82]',
      '    field Name [84-84]',
      '    field Placed [86-87]',
      '    field this [89-89]',
      '    method PlaceAsync [92-104] ctx 91',
      '      function OnChanged [100-103]',
      '    method PlaceAsync [107-107] ctx 106',
      '    method Convert [109-113]',
      '    method IsOpen [115-116]',
      '    method Dispose [118-121]',
      '    class Line [124-134] ctx 123',
      '      field Sku [126-126]',
      '      field Quantity [128-128]',
      '      class Discount [130-133]',
      '        field Percent [132-132]',
      '  class Order [137-142]',
      '    field Id [139-139]',
      '    field Lines [140-140]',
      '    field Status [141-141]',
      '  module Internal [144-153]',
      '    class Guard [146-152]',
      '      method NotNull [148-151]',
    ]);
  });

  it('file-scoped namespace, default interface methods', async () => {
    assert.deepEqual(flatten(await outlineOf('c_sharp', fixture('Program.cs'))), [
      // Generic limitation: a file-scoped namespace is one line; the types after it are not nested in it.
      'module Contoso.Cli [3-26]',
      '  class Program [6-16] ctx 5',
      '    method Main [9-13] ctx 8',
      '    method Run [15-15]',
      '  interface ICommand [18-26]',
      '    field Name [20-20]',
      '    method ExecuteAsync [22-22]',
      '    method Help [25-25] ctx 24',
    ]);
  });

  it('top-level statements: local functions are functions', async () => {
    assert.deepEqual(flatten(await outlineOf('c_sharp', fixture('Startup.cs'))), [
      'function Health [9-9] ctx 8',
      'function WarmUpAsync [11-14]',
      'class Program [16-18]',
    ]);
  });

  it('signatures end before the body (block, `=>`, accessors)', async () => {
    const outline = await outlineOf('c_sharp', fixture('OrderService.cs'));
    const sig = (path: string) => {
      const s = symbolAt(outline, path);
      return [s.signature, s.bodyStartLine];
    };
    assert.deepEqual(sig('Contoso.Orders'), ['namespace Contoso.Orders', 8]);
    assert.deepEqual(sig('Contoso.Orders/OrderService'), [
      '[Serializable] [DebuggerDisplay("{Name}")] public sealed partial class OrderService : IDisposable',
      54,
    ]);
    assert.deepEqual(sig('Contoso.Orders/OrderService/Convert'), [
      'public T Convert<T>(Order order) where T : class, new()',
      111,
    ]);
    assert.deepEqual(sig('Contoso.Orders/OrderService/IsOpen'), [
      '[MethodImpl(MethodImplOptions.AggressiveInlining)] private static bool IsOpen(Order order)',
      116,
    ]);
    assert.deepEqual(sig('Contoso.Orders/OrderService/Name'), ['public string Name', 84]);
    assert.deepEqual(sig('Contoso.Orders/OrderService/Disposed'), ['public event EventHandler Disposed', 64]);
    assert.deepEqual(sig('Contoso.Orders/OrderService/this'), ['public Order this[Guid id]', 89]);
    assert.deepEqual(sig('Contoso.Orders/Money/+'), ['public static Money operator +(Money a, Money b)', 41]);
    assert.deepEqual(sig('Contoso.Orders/Money/decimal'), ['public static implicit operator decimal(Money m)', 43]);
    assert.deepEqual(sig('Contoso.Orders/IOrderRepository/FindAsync'), [
      'Task<Order?> FindAsync(Guid id, CancellationToken token = default);',
      null,
    ]);
    assert.deepEqual(sig('Contoso.Orders/OrderChangedHandler'), [
      'public delegate void OrderChangedHandler(object sender, OrderEventArgs e);',
      null,
    ]);
    assert.deepEqual(sig('Contoso.Orders/OrderService/_repository'), [
      'private readonly IOrderRepository _repository;',
      null,
    ]);
  });
});
