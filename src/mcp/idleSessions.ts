// Which MCP HTTP sessions have ended by themselves: a client that goes away without a DELETE (most
// do) left its session, its engine and caches in memory for the life of the server (2,000
// initialize requests grew it by 65 MB). A session idle for `idleMs` expires; past `maxSessions`,
// the longest idle one makes room for a new one. A session with a request in flight (a call, an
// open event stream) is never idle.

export interface IdleSessionLimits {
  /** A session without a request for this long expires. */
  idleMs: number;
  /** At most this many sessions are kept: a new one expires the longest idle one. */
  maxSessions: number;
}

export const IDLE_SESSION_DEFAULTS: IdleSessionLimits = { idleMs: 30 * 60_000, maxSessions: 100 };

export class IdleSessions {
  private readonly lastSeen = new Map<string, number>();
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly limits: IdleSessionLimits,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.lastSeen.size;
  }

  /** A request of `id` starts; call the returned function when its response is over. */
  begin(id: string): () => void {
    this.lastSeen.set(id, this.now());
    this.inFlight.set(id, (this.inFlight.get(id) ?? 0) + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.inFlight.get(id) ?? 1) - 1;
      if (left > 0) this.inFlight.set(id, left);
      else this.inFlight.delete(id);
      if (this.lastSeen.has(id)) this.lastSeen.set(id, this.now());
    };
  }

  /** A session that ended (closed by its client, or expired). */
  forget(id: string): void {
    this.lastSeen.delete(id);
    this.inFlight.delete(id);
  }

  /** The sessions to end now: idle too long, and the longest idle ones beyond `maxSessions - room`. */
  expired(room = 0): string[] {
    const now = this.now();
    const idle = [...this.lastSeen].filter(([id]) => !this.inFlight.has(id)).sort((a, b) => a[1] - b[1]);
    const limit = Math.max(0, this.limits.maxSessions - room);
    let kept = this.lastSeen.size;
    const out: string[] = [];
    for (const [id, seen] of idle) {
      if (now - seen < this.limits.idleMs && kept <= limit) continue;
      out.push(id);
      kept--;
    }
    return out;
  }
}
