// Any failure as an answer: a LecternError keeps its code and hint; a system error gets the
// documented code that fits it (a name too long or a path that cannot exist is NOT_FOUND, a
// permission is READ_FAILED, …); only what fits none is INTERNAL. Messages quote at most a short
// prefix of any input, so a huge input never makes a huge answer.
import { emptyMeta, LecternError, type ErrorCode, type ToolError, type ToolResponse } from './contract';
import { clipNotShown } from './format';
import { TOOL } from './tools';

/** A message or hint is cut to this many characters. */
const MAX_MESSAGE_CHARS = 1_000;
/** A target echoed in an error answer: this many characters, and this many targets of a list. */
const MAX_TARGET_CHARS = 200;
const MAX_TARGETS = 20;
/** The mode (or an unknown tool's name) echoed in an error answer. */
const MAX_MODE_CHARS = 40;

/** A target as an answer echoes it: a short prefix of a long one. */
export function clipTarget(text: string): string {
  return clipNotShown(text, MAX_TARGET_CHARS);
}

function shortTarget(target: string | string[] | null): string | string[] | null {
  if (target === null) return null;
  if (typeof target === 'string') return clipNotShown(target, MAX_TARGET_CHARS);
  const shown = target
    .slice(0, MAX_TARGETS)
    .map((t) => (typeof t === 'string' ? clipNotShown(t, MAX_TARGET_CHARS) : t));
  if (target.length > MAX_TARGETS) shown.push(`… ${(target.length - MAX_TARGETS).toLocaleString('en-US')} more`);
  return shown;
}

const SYSTEM_CODES: Record<string, [ErrorCode, string]> = {
  ENOENT: ['NOT_FOUND', `Check the spelling; ${TOOL.stat} tells whether a path exists.`],
  ENOTDIR: ['NOT_FOUND', `A part of the path is a file, not a folder; ${TOOL.stat} shows what a path is.`],
  ENAMETOOLONG: ['NOT_FOUND', 'A name in the path is longer than the file system allows, so nothing is there.'],
  EISDIR: ['IS_DIRECTORY', `Pass a file path inside it; ${TOOL.stat} shows what a path is.`],
  EACCES: ['READ_FAILED', 'Permission denied: check the file and folder permissions.'],
  EPERM: ['READ_FAILED', 'Permission denied: check the file and folder permissions.'],
  ELOOP: ['READ_FAILED', 'The path has a symbolic link loop (or changed into a link while it was opened).'],
  EAGAIN: ['READ_FAILED', 'The file is not a regular file (a pipe or device) and was not read.'],
  ENXIO: ['READ_FAILED', 'The file is not a regular file (a pipe, socket or device) and was not read.'],
  EMFILE: ['READ_FAILED', 'Too many files are open; try again in a moment.'],
  EIO: ['READ_FAILED', 'The device reported an input/output error.'],
};

/** The documented failure for an error that is not a LecternError. */
function systemFailure(error: unknown): ToolError {
  const message = (error as Error)?.message ?? String(error);
  const errno = (error as { code?: unknown })?.code;
  if (typeof errno === 'string' && SYSTEM_CODES[errno]) {
    const [code, hint] = SYSTEM_CODES[errno];
    return { code, message: `The file system answered ${errno}: ${message}`, hint };
  }
  if (typeof errno === 'string' && errno === 'ERR_INVALID_ARG_VALUE' && /null bytes/i.test(message)) {
    return {
      code: 'INVALID_ARGS',
      message: 'A path holds a NUL character, which no file name can.',
      hint: 'Pass the path without it.',
    };
  }
  if (error instanceof RangeError && /call stack/i.test(message)) {
    return {
      code: 'TOO_LARGE',
      message: `The input is nested too deeply to process (${message}).`,
      hint: 'Read a smaller part: a range of lines, or one symbol.',
    };
  }
  if (error instanceof RangeError && /string length|array length|allocation/i.test(message)) {
    return {
      code: 'TOO_LARGE',
      message: `The answer would be too large to build (${message}).`,
      hint: 'Read a smaller part: a range of lines, a byte window, or fewer targets.',
    };
  }
  if (error instanceof SyntaxError && /regular expression/i.test(message)) {
    return {
      code: 'INVALID_REGEX',
      message: `The query could not be compiled: ${message}`,
      hint: 'Use a shorter query, or split it.',
    };
  }
  return {
    code: 'INTERNAL',
    message: `Unexpected failure: ${message}`,
    hint: 'Try again; if it persists, report it with the input that caused it.',
  };
}

export function errorResponse(mode: string, target: string | string[] | null, error: unknown): ToolResponse {
  const raw: ToolError =
    error instanceof LecternError
      ? { code: error.code, message: error.message, hint: error.hint }
      : systemFailure(error);
  const failure: ToolError = {
    code: raw.code,
    message: clipNotShown(raw.message, MAX_MESSAGE_CHARS),
    hint: clipNotShown(raw.hint, MAX_MESSAGE_CHARS),
  };
  const details = error instanceof LecternError ? error.details : {};
  return {
    ok: false,
    mode: clipNotShown(mode, MAX_MODE_CHARS),
    target: shortTarget(target),
    content: '',
    text: `Error ${failure.code}: ${failure.message}\n${failure.hint}`,
    meta: { ...emptyMeta(), ...details },
    location: null,
    error: failure,
  };
}
