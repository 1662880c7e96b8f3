// The web worker host has no git: diff_preview against HEAD or INDEX answers GIT_UNAVAILABLE, whose hint says
// first what the user can do in the browser, in a sentence of its own.
import { strict as assert } from 'node:assert';
import { LecternError } from '../../../src/core/ground/contract';
import { noGitInTheBrowser } from '../../../src/web/gitUnavailable';

describe('web: GIT_UNAVAILABLE', () => {
  it('says what works in the browser first, then where HEAD and INDEX can be read', async () => {
    for (const ask of [
      () => noGitInTheBrowser.repositoryAt('/w/a.ts'),
      () => noGitInTheBrowser.repositoriesUnder('/w'),
    ]) {
      const error = await ask().then(
        () => assert.fail('answered without git'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof LecternError);
      assert.equal(error.code, 'GIT_UNAVAILABLE');
      assert.match(error.message, /in the browser/);
      assert.match(error.hint, /^In the browser, ask with "against": "WORKTREE" instead/);
      assert.match(error.hint, /desktop|remote window|lectern CLI/);
      assert.doesNotMatch(error.hint, /as do every/);
    }
  });
});
