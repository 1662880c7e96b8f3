// `lectern_read` mode "diff_preview": what changed in a file or a folder, against git's HEAD, the
// index, or (WORKTREE) the file on disk under an unsaved editor buffer. A file answers with a
// unified diff in whole hunks (numbered like `git diff`), paged by hunk_offset under the token cap
// (filePreview.ts); a folder, or no target, answers with a summary of every changed file in scope,
// each with the exact input that previews it, paged by file_offset (summary.ts). The host supplies
// contents and status (GitPort); the diffs are computed here (lineDiff.ts).
import { LecternError, type ToolResponse } from '../ground/contract';
import type { ReadEnv } from '../ground/env';
import { callText } from '../ground/format';
import { filePreview } from './filePreview';
import { previewCall, type DiffPreviewInput } from './previewInput';
import { summarize } from './summary';
import { requireInside } from '../ground/paths';
import { TOOL } from '../ground/tools';

export type { DiffPreviewInput } from './previewInput';

function invalid(message: string, example: Record<string, unknown>): LecternError {
  return new LecternError('INVALID_ARGS', message, `Example: ${callText(TOOL.read, example)}`);
}

export async function diffPreview(env: ReadEnv, input: DiffPreviewInput): Promise<ToolResponse> {
  const against = input.against ?? 'HEAD';
  if (input.target === undefined) {
    if (input.hunk_offset !== undefined) {
      throw invalid(
        'hunk_offset pages the diff of one file; without a target the answer is a summary of changed files (paged by file_offset).',
        previewCall(input, 'src/index.ts', { hunk_offset: input.hunk_offset }),
      );
    }
    return summarize(env, input, against, null);
  }
  const path = await env.resolver.resolve(input.target);
  requireInside(path, env.allowOutside, 'Preview changes', env.allowSecrets);
  const stat = await env.host.fs.stat(path.absolute);
  if (stat?.kind === 'directory' && !env.host.documents?.dirty(path.absolute)) {
    if (input.hunk_offset !== undefined) {
      throw invalid(
        `hunk_offset pages the diff of one file; ${path.display} is a folder, answered with a summary (paged by file_offset).`,
        previewCall(input, path.display, { file_offset: input.hunk_offset }),
      );
    }
    return summarize(env, input, against, path);
  }
  if (input.file_offset !== undefined) {
    throw invalid(
      `file_offset pages the summary of a folder; ${path.display} is a file, whose diff is paged by hunk_offset.`,
      previewCall(input, path.display, { hunk_offset: input.file_offset }),
    );
  }
  return filePreview(env, input, against, path);
}
