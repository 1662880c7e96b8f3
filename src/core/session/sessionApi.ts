// What adapters (status bar, dashboard, commands, CLI) use of the session layer: snapshots, reset,
// change events, export and restore. SessionLayer (sessionLayer.ts) implements it.
import type { SessionSnapshot } from '../ground/stabilization';

export interface SessionApi {
  /** The current state of a session (default: the host's default session). */
  snapshot(sessionId?: string): SessionSnapshot;
  /** Start a session over (command "Lectern: Reset Session"). */
  reset(sessionId?: string): void;
  /** Called after every tool call and reset with the changed session's snapshot; returns an unsubscribe. */
  onDidChange(listener: (snapshot: SessionSnapshot) => void): () => void;
  /** The session's metrics and timeline as JSON (command "Lectern: Export Session Metrics"). */
  exportJson(sessionId?: string): string;
  /** Bring back a session saved by an earlier window (workspace state), so metrics survive a reload. */
  restore(snapshot: SessionSnapshot): void;
}
