// The kept texts the regular-expression worker holds a copy of, so that a batch names them by number
// instead of copying them to the thread again (a search's batches are ~0.2 ms per MB to post, as much
// again to receive). The runner builds each batch's message as it posts it, for the worker it posts to;
// a new worker holds nothing.
import type { KeptScanRequest } from '../core/ground/workerMessages';

/** Characters (bytes: one per byte) the worker holds at most; past that texts are sent each time. */
const HELD_CHARS = 48 * 1024 * 1024;
/**
 * A text no batch has named in this many messages (a few searches) gives way to new ones once the
 * worker holds its most: a file changed or forgotten since. Texts still named are never dropped, so a
 * tree larger than the worker holds keeps a stable part of it there.
 */
const STALE_MESSAGES = 64;

/**
 * A batch as posted: each text, or the number of the one the worker holds; the number to hold a text
 * under (-1: none); and the numbers it holds no more.
 */
export interface KeptMessage extends Omit<KeptScanRequest, 'texts'> {
  texts: (string | number)[];
  holdAs: number[];
  forget: number[];
}

interface Held {
  id: number;
  /** The last message that named it. */
  named: number;
}

export class HeldTexts {
  /** By text (a kept text's hash is computed once, then cached in the string). */
  private readonly held = new Map<string, Held>();
  private chars = 0;
  private lastId = 0;
  private messages = 0;
  private sweptAt = -1;
  private forget: number[] = [];

  /** The worker is new: it holds nothing. */
  reset(): void {
    this.held.clear();
    this.chars = 0;
    this.forget = [];
  }

  /** `request` as posted to the worker, which holds what it names from then on. */
  message(request: KeptScanRequest): KeptMessage {
    const message = ++this.messages;
    const texts: (string | number)[] = [];
    const holdAs: number[] = [];
    for (const text of request.texts) {
      const held = this.held.get(text);
      if (held) {
        held.named = message;
        texts.push(held.id);
        holdAs.push(-1);
        continue;
      }
      texts.push(text);
      holdAs.push(this.hold(text, message));
    }
    const forget = this.forget;
    this.forget = [];
    return { ...request, texts, holdAs, forget };
  }

  private hold(text: string, message: number): number {
    if (this.chars + text.length > HELD_CHARS) this.dropStale(message);
    if (this.chars + text.length > HELD_CHARS) return -1;
    const id = this.lastId++;
    this.held.set(text, { id, named: message });
    this.chars += text.length;
    return id;
  }

  /** Drops the texts not named lately (once per message: a full worker looks once). */
  private dropStale(message: number): void {
    if (this.sweptAt === message) return;
    this.sweptAt = message;
    for (const [text, held] of this.held) {
      if (held.named > message - STALE_MESSAGES) continue;
      this.held.delete(text);
      this.chars -= text.length;
      this.forget.push(held.id);
    }
  }
}
