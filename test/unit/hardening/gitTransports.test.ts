// Issue 21, finding 1: a partial clone fetches a missing blob on demand through the remote its own
// configuration names, and a per-protocol `protocol.<name>.allow = always` in the repository outranks
// `-c protocol.allow=never`. diff_preview must never fetch: no transport, no command, the blob stays missing.
import { strict as assert } from 'node:assert';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { diffWorkspace } from '../diff/gitRepo';
import { assertNoMarker, markerScript, partialClone, type PartialClone } from './hostileRepos';

/** Both forms of diff_preview on the clone; the marker must not appear and the blob must still be missing. */
async function previewBoth(clone: PartialClone): Promise<{ file: ToolResponse; summary: ToolResponse }> {
  const ws = diffWorkspace(clone.repo.root);
  const file = await ws.preview({ target: 'f.txt' });
  const summary = await ws.preview({});
  assertNoMarker(clone.marker);
  const missing = clone.repo.git('rev-list', '--objects', '--missing=print', 'HEAD');
  assert.match(missing, new RegExp(`^\\?${clone.blob}$`, 'm'), 'the missing blob was fetched');
  return { file, summary };
}

/** What the answers say: the old side is not on this machine, and nothing was fetched. */
function assertExplained({ file, summary }: { file: ToolResponse; summary: ToolResponse }): void {
  assert.equal(file.ok, false, file.text);
  assert.equal(file.error?.code, 'GIT_FAILED', file.text);
  assert.match(file.text, /not on this machine/);
  assert.match(file.text, /never fetches/);
  assert.ok(summary.ok, summary.text);
  assert.match(summary.text, /f\.txt/);
}

describe('hardening: git never uses a transport (issue 21, finding 1)', () => {
  before(function () {
    if (process.platform === 'win32') this.skip();
  });

  it('a partial clone with remote.origin.uploadpack and protocol.file.allow=always runs nothing', async () => {
    const clone = partialClone();
    const script = markerScript(clone.outside, clone.marker, 'upload.sh', 'exec git-upload-pack "$@"');
    clone.repo.git('config', 'remote.origin.uploadpack', script);
    clone.repo.git('config', 'protocol.file.allow', 'always');
    assertExplained(await previewBoth(clone));
  });

  it('a partial clone whose remote is ext::sh -c … with protocol.ext.allow=always runs nothing', async () => {
    const clone = partialClone();
    clone.repo.git(
      'config',
      'remote.origin.url',
      `ext::sh -c echo% ran% >>${clone.marker};git-upload-pack% ${clone.origin}`,
    );
    clone.repo.git('config', 'protocol.ext.allow', 'always');
    assertExplained(await previewBoth(clone));
  });

  it('a partial clone over ssh with core.sshCommand and protocol.ssh.allow=always runs nothing', async () => {
    const clone = partialClone();
    const script = markerScript(clone.outside, clone.marker, 'ssh.sh');
    clone.repo.git('config', 'remote.origin.url', 'ssh://example.invalid/origin.git');
    clone.repo.git('config', 'core.sshCommand', script);
    clone.repo.git('config', 'protocol.ssh.allow', 'always');
    assertExplained(await previewBoth(clone));
  });

  it('a partial clone over git:// with core.gitProxy, and over https with a credential helper, runs nothing', async () => {
    for (const [url, key] of [
      ['git://example.invalid/origin.git', 'core.gitProxy'],
      ['https://example.invalid/origin.git', 'credential.helper'],
    ] as const) {
      const clone = partialClone();
      const script = markerScript(clone.outside, clone.marker, 'helper.sh');
      clone.repo.git('config', 'remote.origin.url', url);
      clone.repo.git('config', key, script);
      clone.repo.git('config', `protocol.${url.split(':')[0]}.allow`, 'always');
      assertExplained(await previewBoth(clone));
    }
  });

  it('a caller environment naming another upload-pack or allowing every protocol changes nothing', async () => {
    const clone = partialClone();
    const script = markerScript(clone.outside, clone.marker, 'upload.sh', 'exec git-upload-pack "$@"');
    clone.repo.git('config', 'remote.origin.uploadpack', script);
    const saved = { ...process.env };
    Object.assign(process.env, {
      GIT_ALLOW_PROTOCOL: 'file:ext:ssh',
      GIT_PROTOCOL_FROM_USER: '1',
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'protocol.file.allow',
      GIT_CONFIG_VALUE_0: 'always',
    });
    try {
      assertExplained(await previewBoth(clone));
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    }
  });
});
