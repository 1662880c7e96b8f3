// Which MCP HTTP sessions may end: a client that goes away without a DELETE (most do) left its
// session, its engine and caches in memory for the life of the server (2,000 initialize requests grew
// it by 65 MB). A session idle for `idleMs` expires, and at most `maxSessions` are kept, every session
// counted (one holding an event stream too: 300 such sessions were all kept past a cap of 100).
// To make room, the least recently used session without a call in flight ends; an open event stream
// (a client's GET) is not a call, so it never pins a session past the cap, though it keeps one from
// expiring by time. A session with a call in flight never ends: when every one has a call, there is
// no room (the server answers 503) rather than a call cut off (before, one client opening 100 sessions
// ended another's in use: its next call was a 404).

export interface IdleSessionLimits {
  /** A session without a request for this long expires. */
  idleMs: number;
  /** At most this many sessions are kept: a new one ends the least recently used idle one. */
  maxSessions: number;
}

export const IDLE_SESSION_DEFAULTS: IdleSessionLimits = { idleMs: 30 * 60_000, maxSessions: 100 };

/** What a request of a session is: a call (POST, DELETE), or the event stream a client holds open (GET). */
export type RequestKind = 'call' | 'stream';

export class IdleSessions {
  private readonly lastSeen = new Map<string, number>();
  private readonly open: Record<RequestKind, Map<string, number>> = { call: new Map(), stream: new Map() };

  constructor(
    private readonly limits: IdleSessionLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Sessions counted against `maxSessions`, one being opened included. */
  get size(): number {
    return this.lastSeen.size;
  }

  /** A request of `id` starts (a new id is a new session); call the returned function when its response is over. */
  begin(id: string, kind: RequestKind = 'call'): () => void {
    const counts = this.open[kind];
    this.lastSeen.set(id, this.now());
    counts.set(id, (counts.get(id) ?? 0) + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (counts.get(id) ?? 1) - 1;
      if (left > 0) counts.set(id, left);
      else counts.delete(id);
      if (this.lastSeen.has(id)) this.lastSeen.set(id, this.now());
    };
  }

  /** A session that ended (closed by its client, expired, made room, or refused). */
  forget(id: string): void {
    this.lastSeen.delete(id);
    this.open.call.delete(id);
    this.open.stream.delete(id);
  }

  /** The sessions idle for `idleMs`: no call in flight and no event stream open. */
  expired(): string[] {
    const now = this.now();
    return [...this.lastSeen]
      .filter(([id, seen]) => now - seen >= this.limits.idleMs && !this.open.call.has(id) && !this.open.stream.has(id))
      .map(([id]) => id);
  }

  /**
   * Room for one more session: the sessions to end so that it fits under `maxSessions` (the least
   * recently used without a call in flight; those without an open stream first, as their clients have
   * gone), or undefined when there are not enough of them: every session has a call in flight.
   */
  makeRoom(): string[] | undefined {
    const over = this.lastSeen.size + 1 - this.limits.maxSessions;
    if (over <= 0) return [];
    const idle = [...this.lastSeen]
      .filter(([id]) => !this.open.call.has(id))
      .map(([id, seen]) => ({ id, streaming: this.open.stream.has(id), seen }))
      .sort((a, b) => Number(a.streaming) - Number(b.streaming) || a.seen - b.seen);
    return idle.length < over ? undefined : idle.slice(0, over).map((s) => s.id);
  }
}
