import { strict as assert } from 'node:assert';
import { flatten, outlineOf, fixtureText, symbolAt } from './outlineHelper';

const fixture = (name: string) => fixtureText('php', name);

describe('outline: PHP', () => {
  it('namespace, interfaces, traits, enums, classes, members, functions, attributes and docblocks', async () => {
    // `const MAX_LINES = 100, MIN_LINES = 1;` and `$customer = null, $billTo;` give two sibling symbols.
    // Generic limitation (outline.ts): `namespace App\Billing;` is one line; the declarations after it
    // are not nested in it (its scope runs to the next namespace or the end of the file).
    assert.deepEqual(flatten(await outlineOf('php', fixture('InvoiceService.php'))), [
      'module App\\Billing [5-149]',
      '  variable DEFAULT_CURRENCY [11-11]',
      '  variable BILLING_DEBUG [13-13]',
      '  interface Billable [18-26] ctx 15',
      '    field TAX_RATE [20-20]',
      '    method amountDue [23-23] ctx 22',
      '    method currency [25-25]',
      '  class Audited [31-39] ctx 28',
      '    field $auditLog [33-33]',
      '    method audit [35-38]',
      '  enum InvoiceStatus [41-59]',
      '    field Draft [43-43]',
      '    field Open [45-45] ctx 44',
      '    field Paid [46-46]',
      '    field DEFAULT [48-48]',
      '    method label [50-53]',
      '    method jsonSerialize [55-58]',
      '  class InvoiceService [66-127] ctx 61',
      '    field MAX_LINES [72-72]',
      '    field MIN_LINES [72-72]',
      '    field $created [74-74]',
      '    field $lines [77-77] ctx 76',
      '    field $customer [79-79]',
      '    field $billTo [79-79]',
      '    method __construct [81-86]',
      '    method addLine [93-101] ctx 88',
      '    method amountDue [103-106]',
      '    method currency [108-111]',
      '    method created [113-116]',
      '    method render [118-118]',
      '    method send [120-126]',
      '  function format_money [132-135] ctx 129',
      '  function tax [138-141]',
      '  method up [145-148]',
    ]);
  });

  it('braced namespaces and PHP inside HTML', async () => {
    assert.deepEqual(flatten(await outlineOf('php', fixture('legacy.php'))), [
      'module Legacy\\Admin [3-13]',
      '  class Page [5-12] ctx 4',
      '    field $title [7-7]',
      '    method render [9-11]',
      'function legacy_helper [16-16]',
    ]);
  });

  it('signatures end before the body', async () => {
    const outline = await outlineOf('php', fixture('InvoiceService.php'));
    const sig = (path: string) => {
      const s = symbolAt(outline, path);
      return [s.signature, s.bodyStartLine];
    };
    assert.deepEqual(sig('App\\Billing/InvoiceService'), [
      '#[Service(shared: true)] #[Deprecated] final class InvoiceService implements Billable',
      69,
    ]);
    assert.deepEqual(sig('App\\Billing/InvoiceService/__construct'), [
      'public function __construct( private readonly Mailer $mailer, private string $currency = DEFAULT_CURRENCY, )',
      84,
    ]);
    assert.deepEqual(sig('App\\Billing/InvoiceService/addLine'), [
      '#[Override] public function addLine(string $sku, int $cents): static',
      95,
    ]);
    assert.deepEqual(sig('App\\Billing/InvoiceService/render'), [
      'abstract protected function render(array $lines): string;',
      null,
    ]);
    assert.deepEqual(sig('App\\Billing/InvoiceService/$lines'), ['private array $lines = [];', null]);
    assert.deepEqual(sig('App\\Billing/InvoiceStatus'), [
      'enum InvoiceStatus: string implements \\JsonSerializable',
      42,
    ]);
    assert.deepEqual(sig('App\\Billing/InvoiceStatus/Open'), ["case Open = 'open';", null]);
    assert.deepEqual(sig('App\\Billing/Audited'), ['trait Audited', 32]);
    assert.deepEqual(sig('App\\Billing/format_money'), [
      'function format_money(int $cents, string $currency = DEFAULT_CURRENCY): string',
      133,
    ]);
    assert.deepEqual(sig('App\\Billing/BILLING_DEBUG'), ["define('BILLING_DEBUG', false);", null]);
  });

  it('a constant used as a value is not a symbol of its own', async () => {
    const text = ['<?php', 'const A = 1;', 'const B = A;', 'class C { const D = B, E = PHP_EOL; }'].join('\n');
    const names = flatten(await outlineOf('php', text)).map((l) => l.trim().split(' ')[1]);
    assert.deepEqual(names.sort(), ['A', 'B', 'C', 'D', 'E']);
  });
});
