// What the Extensions view shows from the .vsix (scripts/vsix-check.mjs): the details pages (the users' README and
// CHANGELOG) have no relative picture or link (broken there) and no table wider than the view shows whole; the
// manifest carries only gallery fields that are true.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { detailsPageProblems } from '../../../scripts/vsix-check.mjs';

describe('vsix-check: the details pages of the Extensions view', () => {
  it('passes the shipped README and CHANGELOG', () => {
    assert.deepEqual(detailsPageProblems('README', readFileSync('docs/extension/README.md', 'utf8')), []);
    assert.deepEqual(detailsPageProblems('CHANGELOG', readFileSync('CHANGELOG.md', 'utf8')), []);
  });

  it('names a table of three columns (clipped at the default width) and a relative picture', () => {
    const page = [
      '| setting | default | what it does |',
      '|---|:---:|---|',
      '| `a` | `1` | x |',
      '',
      '![the dashboard](docs/dashboard.png)',
      '<img src="media/icon.png">',
    ].join('\n');
    const problems = detailsPageProblems('README', page);
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.match(problems[0]!, /relative links: docs\/dashboard\.png,media\/icon\.png/);
    assert.match(problems[1]!, /1 table\(s\) of more than 2 columns/);
    assert.deepEqual(detailsPageProblems('README', '| a | b |\n| --- | --- |\n![x](https://example.com/x.png)'), []);
  });
});

describe('the manifest: what the Marketplace and Open VSX show', () => {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, unknown>;

  it('has a license, categories, keywords, an icon in the package and a gallery banner', () => {
    assert.equal(manifest.license, 'MIT');
    assert.ok(Array.isArray(manifest.categories) && manifest.categories.length > 0);
    assert.ok(Array.isArray(manifest.keywords) && manifest.keywords.length > 0 && manifest.keywords.length <= 30);
    assert.equal(manifest.icon, 'media/icon.png');
    assert.deepEqual(Object.keys(manifest.galleryBanner as object).sort(), ['color', 'theme']);
    assert.match((manifest.galleryBanner as { color: string }).color, /^#[0-9a-f]{6}$/i);
  });

  it('names no home, issue tracker or repository while there is no public one', () => {
    for (const field of ['homepage', 'bugs', 'repository']) assert.equal(manifest[field], undefined, field);
  });
});
