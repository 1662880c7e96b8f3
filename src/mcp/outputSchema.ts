// The JSON schemas of what a tool call answers in `structuredContent`: the response object of
// src/core/contract.ts (ToolResponse), or the flat shape of the legacy tools (LegacyResult).
// MCP clients validate structuredContent against them, so a test checks real answers of every mode.
import type { JsonSchema } from '../core/tools/jsonSchema';

// anyOf rather than a type array: portable to clients that map schemas onto a single-type dialect.
const nullable = (type: string): JsonSchema => ({ anyOf: [{ type }, { type: 'null' }] });

const toolError: JsonSchema = {
  type: 'object',
  properties: {
    code: { type: 'string', description: 'A documented error code, e.g. NOT_FOUND, OUT_OF_RANGE, INVALID_ARGS.' },
    message: { type: 'string' },
    hint: { type: 'string', description: 'What to do next, often the exact corrected call.' },
  },
  required: ['code', 'message', 'hint'],
};

const meta: JsonSchema = {
  type: 'object',
  description:
    'Facts about the answer: the range read, totals, truncation, the next call, the session state (stabilization).',
  properties: {
    truncated: { type: 'boolean' },
    token_estimate: { type: 'integer', minimum: 0, description: 'o200k tokens of text.' },
    preview_degraded: { type: 'boolean' },
    total_lines: nullable('integer'),
    total_bytes: nullable('integer'),
    start_line: nullable('integer'),
    end_line: nullable('integer'),
    start_byte: nullable('integer'),
    end_byte: nullable('integer'),
    next: { ...nullable('object'), description: 'The exact input of the follow-up call, when more remains.' },
    stabilization: {
      type: 'object',
      description: "The session's state after this call: budget_state, warnings, metrics_snapshot.",
    },
  },
  required: ['truncated', 'token_estimate', 'preview_degraded', 'next'],
};

/** A ToolResponse; `results` holds one such object per target of a multi-file read. */
export const responseSchema: JsonSchema = {
  type: 'object',
  properties: {
    ok: { type: 'boolean' },
    mode: { type: 'string' },
    target: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'null' }] },
    content: { type: 'string', description: 'The file text read, without line numbers or notes.' },
    text: { type: 'string', description: 'What the model sees (also the text content of the result).' },
    meta,
    location: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          properties: { file: { type: 'string' }, line: nullable('integer'), end_line: nullable('integer') },
          required: ['file'],
        },
      ],
    },
    error: toolError,
    results: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ok: { type: 'boolean' }, text: { type: 'string' } },
        required: ['ok', 'text'],
      },
    },
  },
  required: ['ok', 'mode', 'target', 'content', 'text', 'meta', 'location'],
};

/** The flat answer of a single-purpose compatibility tool. */
export const legacySchema: JsonSchema = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    operation: { type: 'string' },
    path: nullable('string'),
    start_line: nullable('integer'),
    end_line: nullable('integer'),
    line_count: nullable('integer'),
    truncated: { type: 'boolean' },
    content: { type: 'string' },
    error: toolError,
    warnings: { type: 'array', items: { type: 'string' } },
  },
  required: ['success', 'operation', 'path', 'truncated', 'content'],
};
