// The single-purpose tools (read_file, read_file_range, …) as thin wrappers: each maps its input
// onto a primary tool call and flattens the answer into the legacy shape.
import type { LegacyResult, ToolResponse } from '../ground/contract';
import { TOOL, type ToolName } from '../ground/tools';

export interface PrimaryCall {
  tool: ToolName;
  input: Record<string, unknown>;
}

export function toPrimaryCall(name: string, input: Record<string, unknown>): PrimaryCall {
  const target = input.path;
  switch (name) {
    case 'read_file':
    case 'read_file_range':
      return {
        tool: TOOL.read,
        input: { mode: 'file', target, start_line: input.start_line, end_line: input.end_line },
      };
    case 'read_file_head':
      return { tool: TOOL.read, input: { mode: 'file', target, head: input.lines ?? 50 } };
    case 'read_file_tail':
      return { tool: TOOL.read, input: { mode: 'file', target, tail: input.lines ?? 50 } };
    case 'search_in_file':
      return {
        tool: TOOL.search,
        input: {
          target,
          query: input.query,
          is_regex: input.is_regex,
          case_sensitive: input.case_sensitive,
          max_matches: input.max_matches,
        },
      };
    case 'stat_file':
      return { tool: TOOL.stat, input: { target } };
    case 'read_symbol':
      return {
        tool: TOOL.read,
        input: {
          mode: 'symbol',
          target: input.name,
          path: input.path,
          kind: input.kind,
          include_body: input.include_body,
        },
      };
    case 'dry_run_diff':
      return {
        tool: TOOL.read,
        input: { mode: 'diff_preview', target, against: input.against, context_lines: input.context_lines },
      };
    case 'get_snippet':
      return {
        tool: TOOL.read,
        input: {
          mode: 'snippet',
          target,
          start_line: input.start_line,
          end_line: input.end_line,
          context_lines: input.context_lines,
          expand: input.expand,
        },
      };
    default:
      throw new Error(`not a legacy tool: ${name}`);
  }
}

/**
 * The legacy answer made from its primary call's. `namedPath`: the path the caller named, as the
 * primary call's descriptor tells it (a symbol read's target is a name; its path is the scope).
 */
export function legacyResponse(name: string, namedPath: string | undefined, primary: ToolResponse): ToolResponse {
  const meta = primary.meta;
  const legacy: LegacyResult = {
    success: primary.ok,
    operation: name,
    path: primary.location?.file ?? namedPath ?? null,
    start_line: meta.start_line,
    end_line: meta.end_line,
    line_count: meta.total_lines,
    truncated: meta.truncated,
    content: name === 'stat_file' ? primary.text : name === 'search_in_file' ? searchContent(primary) : primary.content,
  };
  if (primary.error) legacy.error = primary.error;
  // The session's warnings (de-duplicated, low relevance, budget…): the JSON text has no footer lines.
  const warnings = meta.stabilization?.warnings ?? [];
  if (warnings.length > 0) legacy.warnings = warnings.map((w) => `${w.code}: ${w.message}`);
  return { ...primary, legacy, text: JSON.stringify(legacy, null, 1) };
}

function searchContent(primary: ToolResponse): string {
  const matches = (primary.meta.matches as { line: number; text: string }[] | undefined) ?? [];
  return matches.map((m) => `${m.line}: ${m.text}`).join('\n');
}
