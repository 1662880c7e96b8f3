// Hostile repositories for the git hardening tests: a marker script that records that it ran, and a
// partial clone whose missing blobs git would fetch on demand through a remote the repository names.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../helpers';
import { git, Repo } from '../diff/gitRepo';

/** A script that appends "ran <args>" to `marker`, then runs `then` (a command line) if given. */
export function markerScript(dir: string, marker: string, name = 'evil.sh', then = ''): string {
  const script = path.join(dir, name);
  fs.writeFileSync(script, `#!/bin/sh\necho "ran $*" >> '${marker}'\n${then}\nexit 0\n`, { mode: 0o755 });
  return script;
}

export function assertNoMarker(marker: string): void {
  assert.equal(
    fs.existsSync(marker),
    false,
    `a repository command ran: ${fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8') : ''}`,
  );
}

export interface PartialClone {
  repo: Repo;
  /** The bare repository it was cloned from. */
  origin: string;
  /** A folder outside the clone for scripts and the marker. */
  outside: string;
  marker: string;
  /** The blob HEAD:f.txt, missing from the clone. */
  blob: string;
}

/**
 * A blob-less partial clone (`--filter=blob:none` from a bare repository with uploadpack.allowFilter)
 * whose HEAD holds f.txt ("one") without its blob, and f.txt changed on disk ("two").
 */
export function partialClone(): PartialClone {
  const outside = tempDir('lectern-hostile-');
  const marker = path.join(outside, 'marker');
  const origin = path.join(outside, 'origin.git');
  git(outside, 'init', '-q', '--bare', '-b', 'main', origin);
  git(origin, 'config', 'uploadpack.allowFilter', 'true');
  git(origin, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
  const source = Repo.init(path.join(outside, 'source'));
  source.write('f.txt', 'one\n').write('g.txt', 'same\n').commitAll();
  source.git('push', '-q', origin, 'HEAD:main');
  const dir = path.join(tempDir('lectern-partial-'), 'clone');
  git(outside, 'clone', '-q', '--no-local', '--filter=blob:none', '--no-checkout', `file://${origin}`, dir);
  const repo = new Repo(dir);
  repo.git('read-tree', 'HEAD'); // the index names the blobs without fetching them
  const blob = repo.git('rev-parse', 'HEAD:f.txt').trim();
  const missing = repo.git('rev-list', '--objects', '--missing=print', 'HEAD');
  assert.match(missing, new RegExp(`^\\?${blob}$`, 'm'), 'the clone should miss the blob of f.txt');
  repo.write('f.txt', 'two\n').write('g.txt', 'same\n');
  return { repo, origin, outside, marker, blob };
}
