// The exclusion policy: default folders, the root .gitignore, files.exclude globs; a warning that
// names the rule, or a refusal by setting that force overrides.
import { strict as assert } from 'node:assert';
import { codes, footer, sessionWorkspace, stab } from './helpers';

describe('session: exclusions', () => {
  it('node_modules/, vendor/, .git/, dist/ and build/ anywhere in the path warn and name the folder', async () => {
    const ws = sessionWorkspace();
    for (const [name, folder] of [
      ['node_modules/lib/index.js', 'node_modules/'],
      ['packages/a/vendor/x.go', 'vendor/'],
      ['.git/HEAD', '.git/'],
      ['dist/app.js', 'dist/'],
      ['web/build/out.js', 'build/'],
    ]) {
      ws.write(name!, 'content\n');
      const r = await ws.call('lectern_read', { target: name });
      assert.ok(r.ok, r.text);
      assert.equal(r.content, 'content\n', 'warn mode serves the read');
      assert.deepEqual(footer(r), [
        `[EXCLUDED_PATH: ${name} is under ${folder} (excluded by default: vendored, generated or VCS files); prefer the source, or add "force": true if you mean it.]`,
      ]);
    }
    const timeline = ws.lectern.session.snapshot().timeline;
    assert.ok(timeline.every((e) => e.flags.excluded));
  });

  it('a file named like an excluded folder is not excluded; nor is a file outside the workspace', async () => {
    const ws = sessionWorkspace();
    ws.write('scripts/build', '#!/bin/sh\n');
    ws.write('src/dist.ts', 'export {};\n');
    assert.deepEqual(codes(await ws.call('lectern_read', { target: 'scripts/build' })), []);
    assert.deepEqual(codes(await ws.call('lectern_read', { target: 'src/dist.ts' })), []);
  });

  it('the root .gitignore: its rule is named; a negated rule lets a file through; edits to it count', async () => {
    const ws = sessionWorkspace();
    ws.write('.gitignore', '# generated\ncoverage/\n*.log\n!keep.log\n');
    ws.write('coverage/report.txt', 'report\n');
    ws.write('logs/run.log', 'log\n');
    ws.write('keep.log', 'kept\n');
    ws.write('src/tmp.ts', 'export {};\n');
    ws.write('src/later.ts', 'export {};\n');
    assert.deepEqual(footer(await ws.call('lectern_read', { target: 'coverage/report.txt' })), [
      '[EXCLUDED_PATH: coverage/report.txt is ignored by the .gitignore rule "coverage/"; prefer the source, or add "force": true if you mean it.]',
    ]);
    assert.match(
      footer(await ws.call('lectern_read', { target: 'logs/run.log' }))[0]!,
      /the \.gitignore rule "\*\.log"/,
    );
    assert.deepEqual(codes(await ws.call('lectern_read', { target: 'keep.log' })), []);
    assert.deepEqual(codes(await ws.call('lectern_read', { target: 'src/tmp.ts' })), []);
    assert.deepEqual(codes(await ws.call('lectern_read', { target: 'src/later.ts' })), []);
    ws.write('.gitignore', 'coverage/\n*.log\n!keep.log\nsrc/later.ts\n');
    ws.write('src/later.ts', 'export const changed = 1;\n');
    assert.match(
      footer(await ws.call('lectern_read', { target: 'src/later.ts' }))[0]!,
      /the \.gitignore rule "src\/later\.ts"/,
    );
  });

  it('excludeGlobs (files.exclude): a glob on files or on a folder', async () => {
    const ws = sessionWorkspace({ excludeGlobs: ['**/*.min.js', '**/generated'] });
    ws.write('web/app.min.js', 'x\n');
    ws.write('src/generated/api.ts', 'export {};\n');
    ws.write('src/api.ts', 'export {};\n');
    assert.deepEqual(footer(await ws.call('lectern_read', { target: 'web/app.min.js' })), [
      '[EXCLUDED_PATH: web/app.min.js matches the excluded glob "**/*.min.js" (files.exclude); prefer the source, or add "force": true if you mean it.]',
    ]);
    assert.match(
      footer(await ws.call('lectern_read', { target: 'src/generated/api.ts' }))[0]!,
      /matches the excluded glob "\*\*\/generated"/,
    );
    assert.deepEqual(codes(await ws.call('lectern_read', { target: 'src/api.ts' })), []);
  });

  it('exclusions "block" refuses, naming the rule and the override; force reads it', async () => {
    const ws = sessionWorkspace({ exclusions: 'block' });
    ws.write('node_modules/lib/index.js', 'module.exports = 1;\n');
    const r = await ws.call('lectern_read', { target: 'node_modules/lib/index.js' });
    assert.equal(r.ok, false);
    assert.equal(r.error?.code, 'EXCLUDED_PATH');
    assert.equal(
      r.error?.message,
      'node_modules/lib/index.js is under node_modules/ (excluded by default: vendored, generated or VCS files).',
    );
    assert.match(
      r.error!.hint,
      /add "force": true to read it anyway \(the setting exclusions: "warn" makes this a warning\)/,
    );
    assert.equal(r.meta.absolute_path, `${ws.root}/node_modules/lib/index.js`);
    assert.equal(stab(r).metrics_snapshot.reads_count, 0);
    const forced = await ws.call('lectern_read', { target: 'node_modules/lib/index.js', force: true });
    assert.ok(forced.ok, forced.text);
    assert.deepEqual(codes(forced), []);
    // A list read with one excluded target is refused as a whole, with the call for the others.
    ws.write('src/a.ts', 'export const a = 1;\n');
    const list = await ws.call('lectern_read', { target: ['src/a.ts', 'node_modules/lib/index.js'] });
    assert.equal(list.error?.code, 'EXCLUDED_PATH');
    assert.match(list.error!.hint, /^Read the others: lectern_read \{"target":\["src\/a\.ts"\]\}\./);
  });

  it('a symbol read is judged by the file it resolved to', async () => {
    const ws = sessionWorkspace({ exclusions: 'block' });
    ws.write('dist/out.ts', 'export function built() {\n  return 1;\n}\n');
    const r = await ws.call('lectern_read', { mode: 'symbol', target: 'built', path: 'dist/out.ts' });
    assert.equal(r.error?.code, 'EXCLUDED_PATH');
  });
});
