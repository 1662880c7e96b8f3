// The names of Lectern's primary tools, in one place: every definition, every suggested call and
// every host names a tool through these, so a tool's name is a compile-time fact, never a string.

export const TOOL = {
  read: 'lectern_read',
  search: 'lectern_search',
  stat: 'lectern_stat',
} as const;

/** The name of one of Lectern's primary tools. */
export type ToolName = (typeof TOOL)[keyof typeof TOOL];
