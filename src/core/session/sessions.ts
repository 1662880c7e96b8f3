// The sessions kept at once, by id: a bounded set, the least recently active dropped first.
import { Session } from './session';

/** Sessions kept at once (chat conversations come and go); the least recently used go first. */
const MAX_SESSIONS = 64;

export class Sessions {
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
      for (const s of this.byId.values()) if (s !== session && (!oldest || s.lastActivity < oldest.lastActivity)) oldest = s;
      if (!oldest) break;
      this.byId.delete(oldest.id);
    }
    return session;
  }
}
