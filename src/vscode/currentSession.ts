// The session the status bar and the dashboard show: the one that changed last (a chat
// conversation, or the window's default session). No vscode import, so unit tests run it on a fake.
import type { SessionApi } from '../core/session/sessionApi';
import type { SessionSnapshot } from '../core/ground/stabilization';

export type CurrentListener = (snapshot: SessionSnapshot, rev: number) => void;

export class CurrentSession {
  private current: SessionSnapshot;
  private revision = 0;
  private readonly listeners = new Set<CurrentListener>();
  private readonly unsubscribe: () => void;

  constructor(readonly api: SessionApi) {
    this.current = api.snapshot();
    this.unsubscribe = api.onDidChange((snapshot) => this.set(snapshot));
  }

  get snapshot(): SessionSnapshot {
    return this.current;
  }

  /** Grows by one with every change seen. */
  get rev(): number {
    return this.revision;
  }

  /** Listeners run in order of subscription; one that throws does not stop the others. */
  onDidChange(listener: CurrentListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Brings back a session saved by an earlier window and shows it. */
  restore(saved: SessionSnapshot): void {
    this.api.restore(saved);
    let restored: SessionSnapshot;
    try {
      restored = this.api.snapshot(saved.id);
    } catch {
      restored = this.api.snapshot();
    }
    this.set(restored);
  }

  reset(): void {
    const before = this.revision;
    this.api.reset(this.current.id);
    // The API reports the reset through onDidChange; read it back in case it did not.
    if (this.revision === before) this.set(this.fresh());
  }

  /** Reads the shown session again (its limits follow the settings, which may have changed). */
  refresh(): void {
    this.set(this.fresh());
  }

  exportJson(): string {
    return this.api.exportJson(this.current.id);
  }

  dispose(): void {
    this.unsubscribe();
    this.listeners.clear();
  }

  private fresh(): SessionSnapshot {
    try {
      return this.api.snapshot(this.current.id);
    } catch {
      return this.api.snapshot();
    }
  }

  private set(snapshot: SessionSnapshot): void {
    this.current = snapshot;
    this.revision++;
    for (const listener of [...this.listeners]) {
      try {
        listener(snapshot, this.revision);
      } catch (error) {
        console.error('[lectern] session listener failed:', error);
      }
    }
  }
}
