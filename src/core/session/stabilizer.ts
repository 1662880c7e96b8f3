// The session layer in the engine's call path: sessions kept per id, per engine; each tool call
// goes through a SessionCall (sessionCall.ts); adapters see the sessions through SessionApi.
import type { Host } from '../ground/ports';
import type { Settings } from '../ground/settings';
import type { SessionApi } from './api';
import { budgetLimits } from './budgetGate';
import { ExclusionPolicy } from './exclusions';
import { DEFAULT_SESSION_ID, Session } from './session';
import { SessionCall, type CallOwner } from './sessionCall';
import { Sessions } from './sessions';
import type { SessionSnapshot } from '../ground/stabilization';

export { budgetLimits } from './budgetGate';
export { SessionCall } from './sessionCall';

export class Stabilizer implements SessionApi, CallOwner {
  private readonly sessions = new Sessions();
  private readonly listeners = new Set<(snapshot: SessionSnapshot) => void>();
  readonly exclusions: ExclusionPolicy;

  constructor(
    private readonly host: Host,
    private readonly settings: () => Settings,
  ) {
    this.exclusions = new ExclusionPolicy(host);
  }

  now(): number {
    const now = (this.host.clock ?? Date.now)();
    return Number.isFinite(now) ? now : Date.now();
  }

  /** The live session for `id`; one idle for longer than idleResetMinutes starts over. */
  live(id: string, settings: Settings): Session {
    const now = this.now();
    const session = this.sessions.get(id);
    if (session && now - session.lastActivity <= settings.idleResetMinutes * 60_000) return session;
    return this.sessions.put(new Session(id, now));
  }

  /** A tool call starts: it belongs to the session `sessionId` (absent: the default session). */
  begin(tool: string, rawInput: unknown, options: { sessionId?: string; tokenBudget?: number }): SessionCall {
    const settings = this.settings();
    const id = options.sessionId && options.sessionId.length > 0 ? options.sessionId : DEFAULT_SESSION_ID;
    return new SessionCall(this, this.live(id, settings), settings, tool, rawInput, options.tokenBudget);
  }

  emit(session: Session): void {
    if (this.listeners.size === 0 || this.sessions.get(session.id) !== session) return;
    const snapshot = session.snapshot(budgetLimits(this.settings()));
    for (const listener of [...this.listeners]) {
      try {
        listener(snapshot);
      } catch {
        // A listener's failure is its own; the others still hear of the change.
      }
    }
  }

  // SessionApi

  snapshot(sessionId?: string): SessionSnapshot {
    const settings = this.settings();
    return this.live(sessionId ?? DEFAULT_SESSION_ID, settings).snapshot(budgetLimits(settings));
  }

  reset(sessionId?: string): void {
    this.emit(this.sessions.put(new Session(sessionId ?? DEFAULT_SESSION_ID, this.now())));
  }

  onDidChange(listener: (snapshot: SessionSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  exportJson(sessionId?: string): string {
    return JSON.stringify(this.snapshot(sessionId), null, 2);
  }

  restore(snapshot: SessionSnapshot): void {
    if (!snapshot || typeof snapshot !== 'object') return;
    this.emit(this.sessions.put(Session.restore(snapshot, this.now())));
  }
}
