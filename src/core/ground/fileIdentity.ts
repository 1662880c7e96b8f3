// What proves that a file is still the version a cache learned something from. Every cache keyed on a
// file's content (in memory and on disk) compares identities with these functions and nothing else.
//
// Size and modification time alone do not prove it: `cp -p`, `rsync -t`, `tar x`, `touch -r` and a
// rewrite within one timestamp tick keep both while the bytes change. The inode's change time cannot be
// set back by a user (every write, chmod, link or rename sets it to now), so size + modification time +
// change time + inode + device names one version on a local file system. A port that cannot tell the
// change time or the inode (the web host's workspace.fs) gives a hash of the bytes instead; an identity
// with neither proves nothing, and no cache answers from it.
import type { FileVersion } from './fileSystemPort';

/** A file version's identity: what stat says (the opened file's fstat on a read), or a hash of its bytes. */
export type FileIdentity = FileVersion;

/** Whether `identity` can prove a version: change time, inode and device known, or a hash of the bytes. */
export function provesVersion(identity: FileIdentity): boolean {
  return (
    identity.contentHash !== undefined ||
    (identity.ctimeMs !== undefined && identity.ino !== undefined && identity.dev !== undefined)
  );
}

/** Whether two identities prove the same version of a file (never when either proves nothing). */
export function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return (
    a.size === b.size &&
    a.mtimeMs === b.mtimeMs &&
    a.ctimeMs === b.ctimeMs &&
    a.ino === b.ino &&
    a.dev === b.dev &&
    a.contentHash === b.contentHash &&
    provesVersion(a)
  );
}

/** The fields of the identity alone (a stat has more: its kind), as a cache keeps them. */
export function identityOf(stat: FileIdentity): FileIdentity {
  const { size, mtimeMs, ctimeMs, ino, dev, contentHash } = stat;
  return {
    size,
    mtimeMs,
    ...(ctimeMs === undefined ? {} : { ctimeMs }),
    ...(ino === undefined ? {} : { ino }),
    ...(dev === undefined ? {} : { dev }),
    ...(contentHash === undefined ? {} : { contentHash }),
  };
}

let unique = 0;

/**
 * The key naming a version of the file at `absolute` on disk in a cache. An identity that proves nothing
 * gets a key no other read shares: every read of such a file learns it afresh.
 */
export function diskVersionKey(absolute: string, identity: FileIdentity): string {
  const { size, mtimeMs, ctimeMs, ino, dev, contentHash } = identity;
  if (!provesVersion(identity)) return `disk:${absolute}:${size}:${mtimeMs}:unproven-${++unique}`;
  const proof = contentHash === undefined ? `${ctimeMs}:${ino}:${dev}` : `#${contentHash}`;
  return `disk:${absolute}:${size}:${mtimeMs}:${proof}`;
}
