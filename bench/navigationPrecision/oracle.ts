// What every oracle of bench:navigation --precision answers, whatever the compiler behind it.

export interface Declaration {
  /** The declared name (`get`). */
  name: string;
  /** The name path Lectern's `references` is asked for (`Store.get`, or `get` at module level). */
  path: string;
  kind: 'function' | 'method' | 'type' | 'field' | 'variable';
  /** Relative to the repository's root, with `/`. */
  file: string;
  /** 1-based line and 0-based column of the declared name. */
  line: number;
  column?: number;
  /** `file:line` of every line that uses it, by the oracle's one-pass resolution. */
  uses: string[];
  defs: string[];
}

/** The oracle's answer for one declaration: `file:line` of its uses, and of its other declaring lines. */
export interface OracleReferences {
  uses: string[];
  /** Lines that declare it again (an overload, a merged namespace, a parameter property): never uses. */
  defs: string[];
}
