// `lectern_read` mode "snippet": a line range with context lines, optionally grown to the smallest
// enclosing block (statement, function, class) so it is never cut mid-block.
import { LecternError, type ToolResponse } from '../ground/contract';
import { readFile } from '../read/fileRead';
import { formatCount } from '../ground/format';
import { openText } from '../read/openText';
import { SYMBOL_LIMITS } from './service';
import { readSourceText } from './sourceText';
import type { SymbolEnv } from './symbolEnv';
import { TOOL } from '../ground/tools';

export interface SnippetInput {
  target: string;
  start_line: number;
  end_line?: number;
  context_lines?: number;
  expand?: 'none' | 'block';
}

/** The lines, and notes on how the range was grown (already in meta.notes; the answer says them after its text). */
export async function readSnippet(
  env: SymbolEnv,
  input: SnippetInput,
): Promise<{ response: ToolResponse; notes: string[] }> {
  let first = input.start_line;
  let last = input.end_line ?? input.start_line;
  if (last < first) {
    throw new LecternError(
      'INVALID_ARGS',
      `start_line (${first}) is after end_line (${last}).`,
      `Example: ${TOOL.read} ${JSON.stringify({ mode: 'snippet', target: input.target, start_line: last, end_line: first })}`,
    );
  }
  const notes: string[] = [];
  if (input.expand === 'block') {
    const path = await env.resolver.resolve(input.target);
    const spec = env.symbols.languageOf(path.absolute, env.host.documents?.dirty(path.absolute)?.languageId);
    if (!spec) {
      notes.push('expand "block" needs a language with a grammar; the lines are as asked.');
    } else if (!path.outside || env.allowOutside) {
      const file = await openText(env.host, path, env.sniffs, env);
      try {
        const source = await readSourceText(file, path.display, SYMBOL_LIMITS.maxParseBytes);
        if (first <= source.lineCount) {
          const block = await env.symbols.enclosingBlock(
            spec,
            source,
            first,
            Math.min(last, source.lineCount),
            env.signal,
          );
          if (block && (block.startLine < first || block.endLine > last)) {
            notes.push(
              `Expanded lines ${formatCount(first)}-${formatCount(last)} to ${formatCount(block.startLine)}-${formatCount(block.endLine)}, the enclosing ${block.type.replace(/_/g, ' ')}.`,
            );
            first = Math.min(first, block.startLine);
            last = Math.max(last, block.endLine);
          } else if (!block) {
            notes.push('No enclosing block was found (or parsing took too long); the lines are as asked.');
          }
        }
      } finally {
        await file.source.close().catch(() => undefined);
      }
    }
  }
  const context = input.context_lines ?? 0;
  const response = await readFile(env, {
    target: input.target,
    start_line: Math.max(1, first - context),
    end_line: last + context,
  });
  response.mode = 'snippet';
  if (notes.length > 0) response.meta.notes = [...notes, ...(response.meta.notes ?? [])];
  return { response, notes };
}
