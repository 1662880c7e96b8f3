// What an answer from the symbol index says when the index did not cover its whole scope: past the
// cap on listed files, the folders that hold the files left out, each with the call that covers it;
// files it listed but could not index (a parse out of time, a file over its size limit), by name.
// An answer that did not see its whole scope never says a name
// is not there (INCOMPLETE instead of NOT_FOUND).
import { LecternError } from '../ground/contract';
import { callText, formatCount, plural } from '../ground/format';
import { INDEX_LIMITS, type IndexQuery } from './workspaceIndex';
import { TOOL } from '../ground/tools';

/** Folders named, each with its call; the rest are counted. */
const NAMED_FOLDERS = 5;

/** True when every source file of the query's scope was looked at. */
export const coveredWhole = (result: IndexQuery): boolean =>
  result.complete && !result.listingTruncated && result.unindexed.length === 0;

/**
 * The listed files this call could not index (a parse out of time, a file over the index's size
 * limit), named with the read that looks inside one; undefined when there are none.
 */
export function unindexedNote(result: IndexQuery): string | undefined {
  const { unindexed } = result;
  if (unindexed.length === 0) return undefined;
  const why = {
    time: 'its parse ran out of time: a call again retries it',
    size: `over the index's ${formatCount(INDEX_LIMITS.maxFileBytes / (1024 * 1024))} MB`,
  };
  const named = unindexed.slice(0, NAMED_FOLDERS).map((u) => `${u.display} (${why[u.why]})`);
  const rest = unindexed.length - named.length;
  return (
    `${plural(unindexed.length, 'source file')} could not be indexed, so a declaration there is not seen: ${named.join(', ')}${rest > 0 ? `, and ${formatCount(rest)} more` : ''}. ` +
    `Read one's declarations: ${callText(TOOL.read, { target: unindexed[0]!.display, outline: true })}`
  );
}

/**
 * The files past the cap and the calls that cover them (`callFor` makes the call for one folder:
 * the same call narrowed to it); undefined when the listing held the whole scope.
 */
export function uncoveredNote(
  result: IndexQuery,
  where: string,
  callFor: (folder: string) => Record<string, unknown>,
): string | undefined {
  const unlisted = result.unlisted;
  if (!result.listingTruncated) return undefined;
  if (unlisted) {
    const folders = [...unlisted.folders].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const named = folders.slice(0, NAMED_FOLDERS);
    const count = `${unlisted.counted ? '' : 'at least '}${plural(unlisted.count, 'source file')}`;
    const calls = named.map(
      ([folder, n]) => `${folder || '.'} (${formatCount(n)}): ${callText(TOOL.read, callFor(folder))}`,
    );
    const rest = folders.length - named.length;
    return (
      `${where} has more source files than the symbol index lists (${formatCount(INDEX_LIMITS.maxFiles)}): ${count} not indexed, so this answer does not cover them. Each call below looks at one folder of them (one larger than the cap names its own folders in turn):\n${calls.join('\n')}` +
      (rest > 0 ? `\n… and ${plural(rest, 'more folder')} (${TOOL.stat} lists a folder's entries).` : '') +
      (unlisted.counted ? '' : '\nThe count ran out of time: other folders may hold more; narrow to a folder as above.')
    );
  }
  return `${where} has more source files than the symbol index lists (${formatCount(INDEX_LIMITS.maxFiles)}): narrow to a folder.`;
}

/** Nothing found in the part of the scope the index covered: not NOT_FOUND, since the rest was not looked at. */
export function incomplete(message: string, note: string): LecternError {
  return new LecternError('INCOMPLETE', `${message} The rest of the scope was not looked at.`, note);
}
