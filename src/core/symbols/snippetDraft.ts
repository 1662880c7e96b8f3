// Mode "snippet"'s draft: the snippet read with the session's validation, the notes on how it was
// grown to its block first in the text, the validation's after them.
import { draftOfRead, type Draft } from '../ground/answer';
import { readSnippet, type SnippetInput } from './snippetRead';
import type { SymbolEnv } from './symbolEnv';

export async function snippetDraft(env: SymbolEnv, input: SnippetInput): Promise<Draft> {
  let expansion: string[] = [];
  const answer = await draftOfRead(env, async (e) => {
    const snippet = await readSnippet(e, input);
    expansion = snippet.notes;
    return snippet.response;
  });
  answer.notes.push(...expansion);
  return answer;
}
