// History retention: what of a conversation's tool calls the next turn sends to the model.
export * from './types';
export { classifyCall, classifyLecternRead } from './classify';
export { projectHistory, MESSAGE_OVERHEAD_TOKENS } from './project';
export { renderChangelog } from './changelog';
export { trimOutput } from './outputs';
export { keptIndexes } from './readRetention';
