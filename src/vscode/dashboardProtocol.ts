// The messages between the extension and the dashboard webview (media/dashboard.js follows this
// file; keep both in step). Everything from the webview is checked before it is used.
import type { BudgetState, SessionSnapshot } from '../core/ground/stabilization';

/** Extension → webview. `rev` grows with every change the extension saw. */
interface SnapshotMessage {
  type: 'snapshot';
  rev: number;
  snapshot: SessionSnapshot;
}
export type ToWebview = SnapshotMessage;

/** What the webview put on screen for one snapshot, read back from its DOM. */
export interface RenderedMessage {
  type: 'rendered';
  rev: number;
  session_id: string;
  budget_state: BudgetState;
  /** The labels of the budget bars, e.g. "12 / 25". */
  reads_label: string;
  lines_label: string;
  timeline_rows: number;
  warnings: number;
  /** Numbers on screen that are cut or out of view (media/dashboard.js clippedNumbers): none is right. */
  clipped: string[];
  /** Boxes whose content is wider than they are (media/dashboard.js overflowingBoxes): none is right. */
  overflowing: string[];
  /** The view's width in CSS pixels when it rendered. */
  width: number;
}

/** Webview → extension. */
export type FromWebview =
  | { type: 'ready' }
  /** Open the file of timeline entry `seq` of the shown session at its range. */
  | { type: 'open'; seq: number }
  | { type: 'reset' }
  | { type: 'export' }
  | RenderedMessage;

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

/** The message when `raw` is a well-formed one, else undefined. */
export function parseFromWebview(raw: unknown): FromWebview | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const m = raw as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
    case 'reset':
    case 'export':
      return { type: m.type };
    case 'open':
      return isInt(m.seq) ? { type: 'open', seq: m.seq } : undefined;
    case 'rendered':
      if (!isInt(m.rev) || !isString(m.session_id) || !isString(m.reads_label) || !isString(m.lines_label))
        return undefined;
      if (m.budget_state !== 'ok' && m.budget_state !== 'soft' && m.budget_state !== 'hard') return undefined;
      if (!isInt(m.timeline_rows) || !isInt(m.warnings) || !isInt(m.width)) return undefined;
      if (!isStrings(m.clipped) || !isStrings(m.overflowing)) return undefined;
      return {
        type: 'rendered',
        rev: m.rev,
        session_id: m.session_id,
        budget_state: m.budget_state,
        reads_label: m.reads_label,
        lines_label: m.lines_label,
        timeline_rows: m.timeline_rows,
        warnings: m.warnings,
        clipped: m.clipped,
        overflowing: m.overflowing,
        width: m.width,
      };
    default:
      return undefined;
  }
}
