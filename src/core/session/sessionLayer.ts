// The session layer in the engine's call path: the recent sessions kept by id, each tool call begun
// as a SessionCall (sessionCall.ts), and the SessionApi that adapters read.
import type { Host } from '../ground/ports';
import type { Settings } from '../ground/settings';
import type { SessionSnapshot } from '../ground/stabilization';
import { hostTokenCounter, type TokenCounter } from '../ground/tokens';
import { budgetLimits } from './budget';
import { ExclusionPolicy } from './exclusions';
import { DEFAULT_SESSION_ID, Session } from './session';
import type { SessionApi } from './sessionApi';
import { type CallOwner, SessionCall } from './sessionCall';

// The sessions kept at once, by id: a bounded set, the least recently active dropped first.
/** Sessions kept at once (chat conversations come and go); the least recently used go first. */
const MAX_SESSIONS = 64;

class RecentSessions {
  private readonly byId = new Map<string, Session>();

  get(id: string): Session | undefined {
    return this.byId.get(id);
  }

  /** Keeps `session` (replacing one with its id), dropping the least recently active beyond MAX_SESSIONS. */
  put(session: Session): Session {
    this.byId.delete(session.id);
    this.byId.set(session.id, session);
    while (this.byId.size > MAX_SESSIONS) {
      let oldest: Session | undefined;
      for (const s of this.byId.values())
        if (s !== session && (!oldest || s.lastActivity < oldest.lastActivity)) oldest = s;
      if (!oldest) break;
      this.byId.delete(oldest.id);
    }
    return session;
  }
}

// The engine's one session layer: it keeps the sessions, begins each call, tells listeners of changes.
export class SessionLayer implements SessionApi, CallOwner {
  private readonly sessions = new RecentSessions();
  private readonly listeners = new Set<(snapshot: SessionSnapshot) => void>();
  readonly exclusions: ExclusionPolicy;

  constructor(
    private readonly host: Host,
    private readonly settings: () => Settings,
  ) {
    this.exclusions = new ExclusionPolicy(host);
  }

  tokenCounter(): Promise<TokenCounter> {
    return hostTokenCounter(this.host);
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
  begin(
    tool: string,
    rawInput: unknown,
    options: { sessionId?: string; tokenBudget?: number; origin?: 'user' },
  ): SessionCall {
    const settings = this.settings();
    const id = options.sessionId && options.sessionId.length > 0 ? options.sessionId : DEFAULT_SESSION_ID;
    return new SessionCall(
      this,
      this.live(id, settings),
      settings,
      tool,
      rawInput,
      options.tokenBudget,
      options.origin === 'user',
    );
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
