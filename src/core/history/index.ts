// History retention: what of a conversation's tool calls the next turn sends to the model.
export * from './types';
export { classifyCall, classifyLecternCall, classifyLecternRead, type AnswerPlace, type CallFacts } from './classify';
export { projectHistory, MESSAGE_OVERHEAD_TOKENS } from './project';
export { editsByFile, renderChangelog, type ChangeEntry } from './changelog';
export { trimOutput, isLongOutput, LONG_OUTPUT_CHARS } from './outputs';
export { keptIndexes } from './readRetention';
