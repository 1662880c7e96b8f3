import { Lectern } from '../src/core/engine';
import { nodeFileSystem } from '../src/node/nodeFileSystem';
async function main() {
  const root = process.argv[2] ?? '/work/main';
  const input = JSON.parse(process.argv[3] ?? '{"query":"walkFiles"}');
  const lectern = new Lectern({ fs: nodeFileSystem, roots: () => [{ name: 'main', path: root }] });
  for (let i = 0; i < Number(process.argv[4] ?? 1); i++) {
    const t = performance.now();
    const r = await lectern.invoke('lectern_search', input);
    if (i === 0) console.log(r.text);
    console.log('---', (performance.now() - t).toFixed(0), 'ms', JSON.stringify({ ...r.meta, matches: undefined }).slice(0, 600));
  }
}
void main();
