import { strict as assert } from 'node:assert';
import { flatten, outlineOf, fixtureText, symbolAt } from './outlineHelper';

const fixture = (name: string) => fixtureText('ruby', name);

describe('outline: Ruby', () => {
  it('modules, classes, class << self, methods, constants, attr fields and comments above', async () => {
    // `attr_reader :number, :customer` gives two sibling symbols with one span. Comments right after
    // `class X` / `class << self` sit outside the body node and still are the first member's context.
    // Generic limitation (outline.ts): attr names keep the symbol's colon (`:number`); dropping a
    // leading `:` in the name cleanup would let `Invoice.number` find them.
    assert.deepEqual(flatten(await outlineOf('ruby', fixture('billing.rb'))), [
      'module Billing [7-123] ctx 6',
      '  variable VERSION [8-8]',
      '  variable DEFAULT_CURRENCY [9-9]',
      '  class Error [12-12] ctx 11',
      '  class Money [15-19] ctx 14',
      '    method to_s [16-18]',
      '  class Point [21-21]',
      '  module Formatting [24-33] ctx 23',
      '    method money [28-30] ctx 27',
      '    method percent [32-32]',
      '  class Invoice [39-118] ctx 35',
      '    field number [44-44] ctx 43',
      '    field customer [44-44] ctx 43',
      '    field status [45-45]',
      '    field notes [46-46]',
      '    variable STATUSES [48-48]',
      '    class self [50-63]',
      '      method build [52-54] ctx 51',
      '      field sequence [56-56]',
      '      method next_number [60-62]',
      '    method find [65-67]',
      '    method registry [69-69]',
      '    method initialize [71-76]',
      '    method total [79-81] ctx 78',
      '    method <=> [83-85]',
      '    method paid? [87-89]',
      '    method notes= [91-93]',
      '    method to_s [95-95]',
      '    class LineItem [98-106] ctx 97',
      '      field description [100-100] ctx 99',
      '      field amount [100-100] ctx 99',
      '      method initialize [102-105]',
      '    method freeze_lines! [111-113] ctx 110',
      '    method audit [115-117]',
      '  class Receipt [120-122]',
      '    method paid? [121-121]',
      'class Billing::Reminder [125-131]',
      '  variable DAYS [126-126]',
      '  method initialize [128-130]',
      'function load_billing_config [134-136] ctx 133',
    ]);
  });

  it('signatures end before the body', async () => {
    const outline = await outlineOf('ruby', fixture('billing.rb'));
    const sig = (path: string) => {
      const s = symbolAt(outline, path);
      return [s.signature, s.bodyStartLine];
    };
    assert.deepEqual(sig('Billing'), ['module Billing', 8]);
    assert.deepEqual(sig('Billing/Invoice'), ['class Invoice', 40]);
    assert.deepEqual(sig('Billing/Invoice/initialize'), ['def initialize(number:, customer:, lines: [])', 72]);
    assert.deepEqual(sig('Billing/Invoice/find'), ['def self.find(number)', 66]);
    assert.deepEqual(sig('Billing/Invoice/registry'), ['def self.registry', 69]);
    assert.deepEqual(sig('Billing/Invoice/freeze_lines!'), ['def freeze_lines!', 112]);
    assert.deepEqual(sig('Billing/Receipt'), ['class Receipt < Invoice', 121]);
    assert.deepEqual(sig('Billing/Money'), ['Money = Struct.new(:amount, :currency) do', null]);
    assert.deepEqual(sig('Billing::Reminder'), ['class Billing::Reminder', 126]);
    assert.deepEqual(sig('load_billing_config'), ['def load_billing_config(path = "config/billing.yml")', 135]);
  });

  it('private def / private_class_method def: the modifier belongs to the method', async () => {
    const text = [
      'class Job',
      '  QUEUE = :default',
      '  # Runs later.',
      '  private_class_method def self.enqueue(id)',
      '    id',
      '  end',
      '',
      '  protected def retry!; end',
      'end',
    ].join('\n');
    assert.deepEqual(flatten(await outlineOf('ruby', text)), [
      'class Job [1-9]',
      '  variable QUEUE [2-2]',
      '  method enqueue [4-6] ctx 3',
      '  method retry! [8-8]',
    ]);
  });

  it('constants built by Struct.new / Class.new / Data.define are classes, other constants variables', async () => {
    const text = [
      'Pair = Struct.new(:left, :right)',
      'Job = Class.new(Base) { def run; end }',
      'Coord = Data.define(:lat, :lng)',
      'Structure = Structured.new(1)',
      'LIMIT = 10',
    ].join('\n');
    assert.deepEqual(flatten(await outlineOf('ruby', text)), [
      'class Pair [1-1]',
      'class Job [2-2]',
      '  method run [2-2]',
      'class Coord [3-3]',
      'variable Structure [4-4]',
      'variable LIMIT [5-5]',
    ]);
  });
});
