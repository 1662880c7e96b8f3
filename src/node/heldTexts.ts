// The kept texts the regular-expression worker holds a copy of, so that a batch names them by number
// instead of copying them to the thread again (a search's batches are ~0.2 ms per MB to post, as much
// again to receive). The runner builds each batch's message as it posts it, for the worker it posts to;
// a new worker holds nothing.
import type { KeptScanRequest } from '../core/ground/ports';

/** Characters (bytes: one per byte) the worker holds at most; past that texts are sent each time. */
const HELD_CHARS = 48 * 1024 * 1024;

/** A batch as posted: each text, or the number of the one the worker holds; and the number to hold a text under (-1: none). */
export interface KeptMessage extends Omit<KeptScanRequest, 'texts'> {
  texts: (string | number)[];
  holdAs: number[];
}

export class HeldTexts {
  /** By text (a kept text's hash is computed once, then cached in the string). */
  private readonly held = new Map<string, number>();
  private chars = 0;
  private lastId = 0;

  /** The worker is new: it holds nothing. */
  reset(): void {
    this.held.clear();
    this.chars = 0;
  }

  /** `request` as posted to the worker, which holds what it names from then on. */
  message(request: KeptScanRequest): KeptMessage {
    const texts: (string | number)[] = [];
    const holdAs: number[] = [];
    for (const text of request.texts) {
      const id = this.held.get(text);
      if (id !== undefined) {
        texts.push(id);
        holdAs.push(-1);
        continue;
      }
      texts.push(text);
      holdAs.push(this.hold(text));
    }
    return { ...request, texts, holdAs };
  }

  private hold(text: string): number {
    if (this.chars + text.length > HELD_CHARS) return -1;
    const id = this.lastId++;
    this.held.set(text, id);
    this.chars += text.length;
    return id;
  }
}
