// The git CLI over a bare snapshot, for the bench's preparation only.
import { execFileSync } from 'node:child_process';

export function git(dir: string, args: readonly string[], maxBuffer = 256 * 1024 * 1024): string {
  return execFileSync('git', ['--git-dir', dir, ...args], { encoding: 'utf8', maxBuffer });
}

export function gitBytes(dir: string, args: readonly string[]): Buffer {
  return execFileSync('git', ['--git-dir', dir, ...args], { maxBuffer: 1024 * 1024 * 1024 });
}
