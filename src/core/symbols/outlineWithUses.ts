// A large text's outline and the uses of a name in it, made together on the host's outline thread
// (a references read): one parse for both, and none of it on the host's thread.
import type { CancellationSignal, OutlineThreadPort } from '../ground/ports';
import type { LanguageSpec, OutlineBounds, PackedUses, TextOutline } from '../ground/symbolTypes';

/**
 * For a text `ask` names uses in, the uses read from the outline's tree on the thread (handed to
 * `found`), rather than parsed twice, once for each. `extraMs`: the time the uses may take besides
 * the parse's.
 */
export interface UsesOnThread {
  ask: (text: string) => { name: string; offsets: number[]; extraMs: number } | undefined;
  found: (uses: PackedUses) => void;
}

/** What is outlined: a text in a grammar, under the parse's deadline and the outline's bounds. */
export interface OutlineTask {
  spec: LanguageSpec;
  text: string;
  deadlineMs: number;
  bounds: OutlineBounds;
}

/**
 * The outline made on `thread` with the uses `onThread` asks for (undefined inside: out of time);
 * undefined when it asks none, or the thread cannot run (the caller outlines on its own thread).
 */
export async function outlineWithUses(
  thread: OutlineThreadPort,
  { spec, text, deadlineMs, bounds }: OutlineTask,
  onThread: UsesOnThread,
  signal?: CancellationSignal,
): Promise<{ outline: TextOutline | undefined } | undefined> {
  const asked = onThread.ask(text);
  if (!asked) return undefined;
  const uses = { name: asked.name, offsets: asked.offsets };
  const job = { grammar: spec.grammar, text, deadlineMs, bounds, members: false, uses };
  // As an outline on the thread: the parse's deadline, as long again for the rest, and the uses' time.
  return thread.outline(job, 2 * deadlineMs + asked.extraMs, signal).then(
    (made) => {
      if (!made) return { outline: undefined };
      const { uses: found, ...outline } = made;
      if (found) onThread.found(found);
      return { outline };
    },
    () => undefined, // the thread cannot run
  );
}
