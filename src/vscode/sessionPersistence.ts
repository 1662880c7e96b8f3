// Metrics survive a window reload: the shown session is saved to the workspace state shortly after
// each change and brought back at activation. No vscode import (unit tests use a fake Memento).
import type { SessionSnapshot } from '../core/ground/stabilization';
import type { CurrentSession } from './currentSession';

export const SESSION_STATE_KEY = 'lectern.session';
const FORMAT = 1;

/** The part of vscode.Memento used here. */
export interface StateStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

interface Saved {
  format: number;
  snapshot: SessionSnapshot;
}

function isSnapshot(value: unknown): value is SessionSnapshot {
  if (!value || typeof value !== 'object') return false;
  const s = value as Partial<SessionSnapshot>;
  return (
    typeof s.id === 'string' &&
    typeof s.started_at_unix_ms === 'number' &&
    !!s.metrics &&
    typeof s.metrics === 'object' &&
    !!s.limits &&
    typeof s.limits === 'object' &&
    Array.isArray(s.timeline) &&
    Array.isArray(s.warnings)
  );
}

/** Restores the saved session, if any; false when there was none or it could not be used. */
export function restoreSession(store: StateStore, session: CurrentSession): boolean {
  const saved = store.get<Saved>(SESSION_STATE_KEY);
  if (!saved || saved.format !== FORMAT || !isSnapshot(saved.snapshot)) return false;
  try {
    session.restore(saved.snapshot);
    return true;
  } catch (error) {
    console.error('[lectern] could not restore the saved session:', error);
    return false;
  }
}

export class SessionPersistence {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: SessionSnapshot | undefined;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: StateStore,
    session: CurrentSession,
    private readonly delayMs = 400,
  ) {
    this.unsubscribe = session.onDidChange((snapshot) => this.schedule(snapshot));
  }

  private schedule(snapshot: SessionSnapshot): void {
    this.pending = snapshot;
    if (this.timer === undefined) this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Writes a pending change now. */
  flush(): PromiseLike<void> | undefined {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const snapshot = this.pending;
    this.pending = undefined;
    if (!snapshot) return undefined;
    const saved: Saved = { format: FORMAT, snapshot };
    return this.store.update(SESSION_STATE_KEY, saved);
  }

  dispose(): PromiseLike<void> | undefined {
    this.unsubscribe();
    return this.flush();
  }
}
