// The npm package's folder (scripts/npm-package.mjs, what `npm run pack` packs): it carries the users' README
// (docs/npm/README.md), not the contributors', with every link inside the package or https and every setting
// flag the CLI parses; the contributors' README would fail the same check.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NPM_README, readmeProblems, stageNpmPackage } from '../../../scripts/npm-package.mjs';
import { SETTING_FLAGS } from '../../../src/node/settingFlags';
import { tempDir } from '../helpers';
import { repoRoot } from '../mcp/helpers';

describe('npm package: the users’ README', function () {
  this.timeout(30_000);
  let out = '';
  let files: string[] = [];
  let readme = '';
  before(() => {
    out = join(tempDir('lectern-npm-stage-'), 'package');
    files = stageNpmPackage(out);
    readme = readFileSync(join(out, 'README.md'), 'utf8');
  });

  it('the package folder holds docs/npm/README.md as its README, and no scripts or private in its package.json', () => {
    assert.equal(readme, readFileSync(join(repoRoot, NPM_README), 'utf8'));
    const manifest = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8'));
    assert.equal(manifest.scripts, undefined);
    assert.equal(manifest.devDependencies, undefined);
    // The repository's manifest is private, so `npm publish` at its root cannot publish the contributors' package;
    // the staged one must not be, or npm would refuse to publish the users' package.
    assert.equal(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).private, true);
    assert.equal(manifest.private, undefined);
    assert.equal(manifest.bin.lectern, 'dist/cli.js');
    for (const file of ['LICENSE', 'CHANGELOG.md', 'SECURITY.md', 'docs/mcp.md', 'package.json'])
      assert.ok(files.includes(file), `${file} is in the package`);
    assert.ok(!files.some((file) => /^(src|test|scripts)\//.test(file)), 'no development files');
  });

  it('every link resolves inside the package or is https; no contributor instructions', () => {
    assert.deepEqual(readmeProblems(readme, files), []);
    const contributors = readmeProblems(readFileSync(join(repoRoot, 'README.md'), 'utf8'), files);
    assert.ok(
      contributors.some((p) => p.includes('docs/dashboard.png')) && contributors.some((p) => p.includes('npm start')),
      `the check finds the contributors' README's broken pictures and commands: ${contributors.join('; ')}`,
    );
  });

  it('names every setting flag, the install from the tarball and the MCP command', () => {
    for (const { flag } of SETTING_FLAGS) assert.ok(readme.includes(`\`${flag} `), `${flag} is in the README`);
    assert.match(readme, /npm install -g \.\/lectern-\d+\.\d+\.\d+\.tgz/);
    assert.match(readme, /lectern mcp --root/);
    const version = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).version;
    assert.ok(readme.includes(`lectern-${version}.tgz`), 'the tarball named is this version’s');
  });

  it('no doc shows `npx lectern` as a command to run while the package is not published', () => {
    // The name is unclaimed on the registry: such a line would run whatever package takes it.
    const docs = ['README.md', 'docs/mcp.md', 'docs/cli.md', 'docs/extension/README.md', NPM_README];
    for (const doc of docs) {
      const text = readFileSync(join(repoRoot, doc), 'utf8');
      const blocks = [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
      for (const block of blocks) assert.doesNotMatch(block, /\bnpx (-y )?lectern\b|"npx"/, `${doc}: ${block}`);
      for (const paragraph of text.split(/\n\s*\n/).filter((p) => /npx (-y )?lectern\b/.test(p)))
        assert.match(paragraph, /once (it is |Lectern is )?published|not on the npm registry/i, `${doc}: ${paragraph}`);
    }
  });
});
