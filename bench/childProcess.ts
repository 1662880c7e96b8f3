// Runs one bench job in a fresh Node process (`--expose-gc`, TypeScript through tsx) and returns the
// JSON it prints on its `RESULT ` line. Live children are tracked so a signal can end them all.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const liveChildren = new Set<ChildProcess>();

export function runBenchChild<T>(
  script: string,
  job: unknown,
  cwd: string,
  timeoutMs: number,
  label: string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', join('bench', script), JSON.stringify(job)],
      { cwd, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    liveChildren.add(child);
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => (out += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      liveChildren.delete(child);
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) reject(new Error(`${label} failed (exit ${code ?? signal})`));
      else resolve(JSON.parse(line.slice('RESULT '.length)) as T);
    });
  });
}
