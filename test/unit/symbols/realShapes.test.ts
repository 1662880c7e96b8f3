// Shapes of real code that fixtures of one file miss: methods declared in another file than their
// type (Go receivers, Rust impls in other modules, C++ out-of-class definitions, C# partial classes,
// reopened Ruby classes), prototypes beside definitions, overloads, typos in names, long docstrings.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { ToolResponse } from '../../../src/core/ground/contract';
import type { OutlineSymbol } from '../../../src/core/ground/symbolTypes';
import { LANGUAGES, languageForPath } from '../../../src/core/symbols/languages/index';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { fixtureText, outlineOf } from './outlineHelper';

const FILES: Record<string, string> = {
  // Go: the type in one file, its methods in others (cobra's Command).
  'cmd/command.go':
    'package cobra\n\n// Command is a command.\ntype Command struct {\n\tUse string\n}\n\nfunc (c *Command) UsageString() string { return c.Use }\n',
  'cmd/bash_completions.go': [
    'package cobra', // 1
    '', // 2
    'import "io"', // 3
    '', // 4
    '// GenBashCompletion writes bash completion.', // 5
    'func (c *Command) GenBashCompletion(w io.Writer) error {', // 6
    '\treturn nil', // 7
    '}', // 8
    '', // 9
    'func helper() {}', // 10
    '', // 11
    'func (c *Command) genPowerShellCompletionFile(name string) error { return nil }', // 12
    '',
  ].join('\n'),
  // Rust: the struct in one module, an impl in another.
  'rs/lib.rs': 'mod ext;\n\n/// A store.\npub struct Store {\n    n: u32,\n}\n',
  'rs/ext.rs': 'use crate::Store;\n\nimpl Store {\n    pub fn bump(&mut self) {\n        self.n += 1;\n    }\n}\n',
  // C++: declared in the class, defined out of class in the .cpp.
  'cc/widget.hpp': '#pragma once\nclass Widget {\n public:\n  int area() const;\n};\n',
  'cc/widget.cpp': '#include "widget.hpp"\n\nint Widget::area() const {\n  return 4;\n}\n',
  // C++ behind annotation macros (googletest's export and thread-safety macros), and a call operator.
  'cc/macros.h': [
    'class GTEST_API_ AutoHandle {', // 1
    ' public:', // 2
    '  AutoHandle();', // 3
    '  int Get() const GTEST_LOCK_EXCLUDED_(mu_) {', // 4
    '    return 1;', // 5
    '  }', // 6
    '  bool operator()(int x) const { return x > 0; }', // 7
    '};', // 8
    'GTEST_API_ void PrintTo(const AutoHandle& h);', // 9
    'void Mock::AllowUninterestingCalls(int mock_obj)', // 10
    '    GTEST_LOCK_EXCLUDED_(internal::g_gmock_mutex) {', // 11
    '  x();', // 12
    '}', // 13
    '',
  ].join('\n'),
  // C: the prototype in the header, the definition in the source.
  'c/sds.h': 'typedef char *sds;\nsds sdscpylen(sds s, const char *t, size_t len);\nsds sdsnew(const char *init);\n',
  'c/sds.c':
    '#include "sds.h"\n\n/* Copies len bytes. */\nsds sdscpylen(sds s, const char *t, size_t len) {\n    return s;\n}\n',
  // C#: one partial class in two files.
  'cs/Order.cs':
    'namespace Shop;\n\npublic partial class Order\n{\n    public int Id { get; set; }\n    public string Name { get; set; }\n    public decimal Total() { return 0; }\n}\n',
  'cs/Order.Generated.cs': 'namespace Shop;\n\npublic partial class Order\n{\n    public void Save() { }\n}\n',
  // C#: overloads one after another, an overload apart from the others, and Java overloads too long to read together.
  'cs/Timing.cs': [
    'namespace Shop;', // 1
    '', // 2
    'public static class Timing', // 3
    '{', // 4
    '    /// <summary>Waits ms.</summary>', // 5
    '    public static int Delay(int ms)', // 6
    '    {', // 7
    '        return ms;', // 8
    '    }', // 9
    '', // 10
    '    public static int Delay(System.TimeSpan span) => (int)span.TotalMilliseconds;', // 11
    '', // 12
    '    public static void Apart(int a) { }', // 13
    '    public static void Other() { }', // 14
    '    public static void Apart(string a) { }', // 15
    '}', // 16
    '',
  ].join('\n'),
  'java/Big.java': `class Big {\n  void run(int a) {\n${'    a++;\n'.repeat(40)}  }\n  void run(String s) {\n${'    s.trim();\n'.repeat(40)}  }\n}\n`,
  // Ruby: a class reopened in another file.
  'rb/invoice.rb':
    'class Invoice\n  attr_reader :amount\n\n  def initialize(amount)\n    @amount = amount\n  end\nend\n',
  'rb/invoice_ext.rb': 'class Invoice\n  def total\n    amount * 2\n  end\nend\n',
  // Python: typos, a long docstring, TypeVars before the code.
  'py/app.py': [
    'from typing import TypeVar', // 1
    '', // 2
    'T_shell_context_processor = TypeVar("T_shell_context_processor")', // 3
    '', // 4
    'def make_response(*args):', // 5
    '    return args', // 6
    '', // 7
    'class Flask:', // 8
    '    """The flask object implements a WSGI application and acts as the central', // 9
    '    object.  It is passed the name of the module or package of the', // 10
    '    application.', // 11
    '    """', // 12
    '', // 13
    '    def make_response(self, rv):', // 14
    '        return rv', // 15
    '', // 16
    'class NS:', // 17
    '    a = 1', // 18
    '',
  ].join('\n'),
  'py/long.py': `class Long:\n    """Line one.\n${Array.from({ length: 60 }, (_, i) => `    more words ${i + 2}.`).join('\n')}\n    """\n\n    def run(self):\n        return 1\n`,
};

describe('symbols on real shapes of code', function () {
  this.timeout(60_000);
  let root: string;
  let lectern: Lectern;
  const read = (input: Record<string, unknown>): Promise<ToolResponse> => lectern.invoke('lectern_read', input);

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'lectern-shapes-'));
    for (const [path, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    lectern = new Lectern({
      fs: nodeFileSystem,
      roots: () => [{ name: 'ws', path: root }],
      loadWasm: createWasmLoader(),
    });
  });

  after(() => rmSync(root, { recursive: true, force: true }));

  it('Go methods in another file than their receiver type read as Type.method', async () => {
    for (const target of ['Command.GenBashCompletion', 'Command.genPowerShellCompletionFile', 'Command.UsageString']) {
      const r = await read({ mode: 'symbol', target });
      assert.ok(r.ok, `${target}: ${r.text}`);
      assert.equal((r.meta.resolved_symbol as { qualified_name: string }).qualified_name, target);
    }
    // Read a second time in this session: force, or it is a pointer to the first answer.
    const r = await read({ mode: 'symbol', target: 'Command.GenBashCompletion', force: true });
    assert.match(r.text, /^cmd\/bash_completions\.go:5-8 method Command\.GenBashCompletion\n/);
  });

  it('a Go type read without its body lists its methods, those in other files of the package with their file', async () => {
    const r = await read({ mode: 'symbol', target: 'Command', include_body: false });
    assert.ok(r.ok, r.text);
    const members = r.text.split('\n').filter((line) => line.startsWith('  ['));
    assert.deepEqual(members, [
      '  [L5] field Use string',
      '  [L8] func (c *Command) UsageString() string',
      '  [cmd/bash_completions.go:L6-8] func (c *Command) GenBashCompletion(w io.Writer) error',
      '  [cmd/bash_completions.go:L12] func (c *Command) genPowerShellCompletionFile(name string) error',
    ]);
    assert.match(r.text, /\[Members \(4\) — read one: /);
    // With its body, the answer is the type's own lines only.
    const whole = await read({ mode: 'symbol', target: 'Command', force: true });
    assert.doesNotMatch(whole.text, /GenBashCompletion/);
  });

  it('a Go outline lists methods in file order, where they are written', async () => {
    const r = await read({ target: 'cmd/bash_completions.go', outline: true });
    const entries = [...r.text.matchAll(/^\[L(\d+)(?:-(\d+))?\] (.*)$/gm)].map((m) => `${m[1]} ${m[3]}`);
    assert.deepEqual(entries, [
      '6 func (c *Command) GenBashCompletion(w io.Writer) error',
      '10 func helper()',
      '12 func (c *Command) genPowerShellCompletionFile(name string) error',
    ]);
  });

  it('Rust impl blocks in another module: Store.bump resolves, the bare name is the struct', async () => {
    const bump = await read({ mode: 'symbol', target: 'Store.bump' });
    assert.ok(bump.ok, bump.text);
    assert.equal(bump.location!.file, 'rs/ext.rs');
    const store = await read({ mode: 'symbol', target: 'Store' });
    assert.ok(store.ok, store.text);
    assert.match(store.content, /pub struct Store/);
  });

  it('C++: the out-of-class definition wins over the in-class declaration', async () => {
    const r = await read({ mode: 'symbol', target: 'Widget.area' });
    assert.ok(r.ok, r.text);
    assert.equal(r.location!.file, 'cc/widget.cpp');
    assert.match(r.content, /return 4;/);
  });

  it('C++ behind annotation macros: classes, methods and out-of-class definitions keep their names and spans', async () => {
    const expected: [string, number, number][] = [
      ['AutoHandle', 1, 8],
      ['AutoHandle.Get', 4, 6],
      ['AutoHandle.operator()', 7, 7],
      ['PrintTo', 9, 9],
      ['Mock.AllowUninterestingCalls', 10, 13],
    ];
    for (const [target, start, end] of expected) {
      const r = await read({ mode: 'symbol', target, path: 'cc/macros.h' });
      assert.ok(r.ok, `${target}: ${r.text}`);
      const s = r.meta.resolved_symbol as { start_line: number; end_line: number; signature: string };
      assert.deepEqual([s.start_line, s.end_line], [start, end], target);
    }
    // Another session: this one already has these lines (it would point back to them).
    const cls = await lectern.invoke(
      'lectern_read',
      { mode: 'symbol', target: 'AutoHandle', path: 'cc/macros.h', include_body: false },
      { sessionId: 'signature' },
    );
    assert.match(cls.text, /^1\tclass GTEST_API_ AutoHandle \{$/m, 'the signature shows the file as written');
  });

  it('C: the definition wins over the header prototype; a prototype is listed as a declaration', async () => {
    const r = await read({ mode: 'symbol', target: 'sdscpylen' });
    assert.ok(r.ok, r.text);
    assert.equal(r.location!.file, 'c/sds.c');
    assert.match(r.content, /^\/\* Copies len bytes\. \*\/\nsds sdscpylen/);
    // Only a prototype: it answers (nothing better exists).
    const proto = await read({ mode: 'symbol', target: 'sdsnew' });
    assert.ok(proto.ok, proto.text);
    assert.equal((proto.meta.resolved_symbol as { kind: string }).kind, 'function');
  });

  it('C# partial classes and reopened Ruby classes: members in any part resolve; the type reads as its largest part', async () => {
    for (const [target, file] of [
      ['Order.Save', 'cs/Order.Generated.cs'],
      ['Order.Total', 'cs/Order.cs'],
      ['Invoice.total', 'rb/invoice_ext.rb'],
      ['Invoice.initialize', 'rb/invoice.rb'],
    ] as const) {
      const r = await read({ mode: 'symbol', target });
      assert.ok(r.ok, `${target}: ${r.text}`);
      assert.equal(r.location!.file, file, target);
    }
    const order = await read({ mode: 'symbol', target: 'Order' });
    assert.ok(order.ok, order.text);
    assert.equal(order.location!.file, 'cs/Order.cs');
    assert.match(order.text, /declared in 2 parts; this is the largest\. The others: cs\/Order\.Generated\.cs:3-6/);
    const invoice = await read({ mode: 'symbol', target: 'Invoice' });
    assert.ok(invoice.ok, invoice.text);
    assert.equal(invoice.location!.file, 'rb/invoice.rb');
  });

  it('overloads one after another read as one answer; apart, too long or read without bodies, they are listed', async () => {
    const together = await read({ mode: 'symbol', target: 'Timing.Delay' });
    assert.ok(together.ok, together.text);
    assert.match(together.text, /^cs\/Timing\.cs:5-11 method Shop\.Timing\.Delay\n/);
    assert.match(
      together.content,
      /^    \/\/\/ <summary>Waits ms\.<\/summary>\n[^]*Delay\(int ms\)[^]*Delay\(System\.TimeSpan span\)[^]*\n$/,
    );
    assert.deepEqual(together.location, { file: 'cs/Timing.cs', line: 6, end_line: 11 });
    assert.match(
      together.text,
      /has 2 overloads, read together \(lines 6-9, 11-11\); one alone: lectern_read \{"mode":"symbol","target":"Shop\.Timing\.Delay","path":"cs\/Timing\.cs","index":2\}/,
    );
    const second = await read({ mode: 'symbol', target: 'Shop.Timing.Delay', path: 'cs/Timing.cs', index: 2 });
    assert.ok(second.ok, second.text);
    assert.match(second.content, /^    public static int Delay\(System\.TimeSpan span\)/);
    for (const input of [
      { target: 'Timing.Apart' },
      { target: 'Big.run' },
      { target: 'Timing.Delay', include_body: false, force: true },
    ]) {
      const listed = await read({ mode: 'symbol', ...input });
      assert.equal(listed.error?.code, 'AMBIGUOUS_SYMBOL', `${JSON.stringify(input)}: ${listed.text}`);
    }
  });

  it('suggests by similarity of the last name, and nothing for a name like none', async () => {
    const typo = await read({ mode: 'symbol', target: 'make_respnse' });
    assert.equal(typo.error?.code, 'NOT_FOUND');
    const suggested = [...typo.error!.hint.matchAll(/^(\S+):\d+ \w+ (\S+) →/gm)].map((m) => m[2]);
    assert.deepEqual(suggested, ['make_response', 'Flask.make_response'], typo.error!.hint);
    const none = await read({ mode: 'symbol', target: 'zzzNoSuchSym' });
    assert.equal(none.error?.code, 'NOT_FOUND');
    assert.doesNotMatch(none.error!.hint, /Closest names/);
    assert.match(none.error!.hint, /lectern_search/);
  });

  it('include_body false shows a docstring whole, or cuts it with a marker and the call for the rest', async () => {
    const flask = await read({ mode: 'symbol', target: 'Flask', include_body: false });
    assert.ok(flask.ok, flask.text);
    assert.match(flask.text, /^12\t    """$/m, flask.text);
    assert.doesNotMatch(flask.text, /Docstring cut/);
    const long = await read({ mode: 'symbol', target: 'Long', include_body: false });
    assert.match(long.text, /^41\t    more words 40\.$/m);
    assert.doesNotMatch(long.text, /^42\t/m);
    assert.match(
      long.text,
      /\[Docstring cut at line 41; it ends at line 63: lectern_read \{"mode":"file","target":"py\/long\.py","start_line":42,"end_line":63\}\]/,
    );
  });

  it('an outline example names code first, not a type variable', async () => {
    const r = await read({ target: 'py/app.py', outline: true });
    assert.match(
      r.text,
      /Read one symbol: lectern_read \{"mode":"symbol","target":"make_response","path":"py\/app\.py"\}/,
    );
  });
});

/** Every child inside its parent's span; top-level entries (and siblings) in file order. */
function assertTruthful(symbols: readonly OutlineSymbol[], where: string, parent?: OutlineSymbol): void {
  let previous = 0;
  for (const s of symbols) {
    assert.ok(s.startLine >= previous, `${where}: ${s.name} at ${s.startLine} after a sibling at ${previous}`);
    previous = s.startLine;
    if (parent)
      assert.ok(
        s.startLine >= parent.startLine && s.endLine <= parent.endLine,
        `${where}: ${s.name} [${s.startLine}-${s.endLine}] outside ${parent.name} [${parent.startLine}-${parent.endLine}]`,
      );
    assertTruthful(s.children, where, s);
  }
}

describe('outline ranges read truthfully', () => {
  const fixtures = resolve(__dirname, '../../fixtures/symbols');
  for (const language of readdirSync(fixtures)) {
    it(`${language} fixtures: children inside their parents, siblings in file order`, async () => {
      for (const file of readdirSync(join(fixtures, language))) {
        const spec = languageForPath(file)!;
        const grammar = /\.h$/.test(file) && language === 'cpp' ? 'cpp' : spec.grammar;
        assertTruthful(await outlineOf(grammar, fixtureText(language, file)), `${language}/${file}`);
      }
    });
  }
  it('covers every grammar but TypeScript/JavaScript/Python (tested against their compilers)', () => {
    const tested = new Set(readdirSync(fixtures).map((l) => (l === 'csharp' ? 'c_sharp' : l)));
    const missing = LANGUAGES.map((l) => l.grammar).filter(
      (g) => !tested.has(g) && !['typescript', 'tsx', 'javascript', 'python'].includes(g),
    );
    assert.deepEqual(missing, []);
  });
});
