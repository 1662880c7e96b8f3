// A changed secret-looking file in a diff summary: listed with its path and a flag, its content
// neither read nor counted, while every other change is listed as usual.
import * as nodePath from 'node:path';
import type { ReadEnv } from '../ground/env';
import { plural } from '../ground/format';
import type { SummaryEntry } from './summaryEntries';

const toPosix = (p: string) => (nodePath.sep === '/' ? p : p.split(nodePath.sep).join('/'));

/** True when the entry's path (or its old path, for a rename) looks like a secret and the user did not approve secrets. */
export function looksSecret(env: ReadEnv, entry: SummaryEntry): boolean {
  if (env.allowSecrets) return false;
  const secret = env.resolver.secretTest();
  return (
    secret(toPosix(entry.absolute), entry.display) ||
    (entry.oldAbsolute !== undefined && secret(toPosix(entry.oldAbsolute)))
  );
}

export function withhold(entry: SummaryEntry): void {
  entry.withheld = true;
  entry.counts = null;
  entry.flags.push('withheld: looks like a secret');
}

export function withheldNote(count: number): string {
  return `${plural(count, 'secret-looking file')} (keys, .env, credentials) withheld: listed without counts; previewing ${count === 1 ? 'it' : 'them'} needs the user's approval (VS Code asks; CLI --allow-secrets on).`;
}
