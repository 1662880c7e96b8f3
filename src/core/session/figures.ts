// An answer's figure (its token count, meta.token_estimate) as the session settles it: on the text
// the model gets, estimated far under the call's token cap and counted near it (answerTokens).
import { bodyText, type Draft } from '../ground/answer';
import { answerTokens } from '../ground/tokenEstimate';
import type { TokenCounter } from '../ground/tokens';

/** An answer's token figure, on its text as the model gets it (answerTokens): the one every host shows. */
export function settleFigure(answer: Draft, cap: number, text = bodyText(answer), counted?: () => number): void {
  answer.response.meta.token_estimate = answerTokens(text, answer.response.meta, cap, counted);
}

/**
 * The figures again where the text changed since the call first settled them: pointers, a list's
 * answer, the footer. The footer is counted only where the figure is a count (near the cap), not an
 * estimate.
 */
export function resettleFigures(answer: Draft, cap: number, countTokens: TokenCounter, shortened: boolean): void {
  for (const part of answer.parts ?? []) if (part.pointer !== undefined) settleFigure(part, cap);
  if (!answer.parts && answer.pointer === undefined && answer.footer.length === 0) return;
  const body = bodyText(answer);
  const figure = answer.response.meta.token_estimate;
  // A pointer's figure and a shortened list's were estimates (far under the cap): near it, counted.
  const bodyFigure = shortened || answer.pointer !== undefined ? () => countTokens(body) : () => figure;
  if (answer.footer.length === 0) return settleFigure(answer, cap, body, bodyFigure);
  const footer = answer.footer.join('\n');
  settleFigure(answer, cap, `${body}\n${footer}`, () => bodyFigure() + countTokens(footer) + 1);
}
