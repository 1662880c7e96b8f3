// A tool-calling agent's step judged as a read: the editor's view (a file, a range, a folder), and
// the search and find tools some agents have. Bash calls go through the shell classifier.
import { treePath, type Classified } from './intent';
import { classifyShell } from './shellRead';
import type { Step } from './trajectory';

const EDITORS = new Set(['str_replace_editor', 'editor', 'str_replace_based_edit_tool']);

export function classifyStep(step: Step): Classified {
  if (step.tool === 'bash') return classifyShell(step.command);
  const args = step.args;
  if (EDITORS.has(step.tool) && args.command === 'view') {
    const path = treePath(String(args.path ?? ''));
    const range = args.view_range;
    if (Array.isArray(range) && range.length === 2) {
      const [start, end] = range as [number, number];
      return { kind: 'read', intents: [{ kind: 'range', file: path, start, end: end === -1 ? null : end }] };
    }
    // The editor's view of a folder shows two levels of it.
    if (!/\.[A-Za-z0-9]+$/.test(path)) return { kind: 'read', intents: [{ kind: 'listing', target: path, depth: 2 }] };
    return { kind: 'read', intents: [{ kind: 'whole-file', files: [path] }] };
  }
  if (step.tool === 'search_dir' || step.tool === 'search_file') {
    const path = treePath(String(args.dir ?? args.file ?? ''));
    const query = String(args.search_term ?? '');
    return {
      kind: 'read',
      intents: [
        {
          kind: 'search',
          query,
          regex: false,
          caseSensitive: true,
          paths: path ? [path] : [],
          include: [],
          before: 0,
          after: 0,
        },
      ],
    };
  }
  if (step.tool === 'find_file')
    return { kind: 'read', intents: [{ kind: 'listing', target: treePath(String(args.dir ?? '')) }] };
  return null;
}
