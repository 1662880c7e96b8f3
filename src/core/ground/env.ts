// What every read gets from the engine for one call: the host, path resolution, caches, settings and
// this answer's token cap. Modes and the session layer take it; only the engine builds it.
import type { CancellationSignal, Host } from './ports';
import type { PathResolver } from './pathResolver';
import type { Settings } from './settings';
import type { LineIndexCache } from './lineIndex';
import type { Sniff } from '../text/encoding';
import type { VersionCache } from './versionCache';
import type { FileWords } from './fileWords';
import type { TokenCounter } from './tokens';
import type { FileClassCache } from './fileClasses';
import type { FileBytes } from './fileBytes';
import type { FileGrams } from './fileGrams';
import type { WalkCache } from './walkCache';

/** A file version's content as lectern_stat describes it. */
export interface ContentFacts {
  binary: boolean | null;
  encoding: string | null;
  total_lines: number | null;
}

export interface ReadEnv {
  host: Host;
  resolver: PathResolver;
  indexes: LineIndexCache;
  /** What the first bytes of each file version said (binary, encoding, BOM). */
  sniffs?: VersionCache<Sniff>;
  /** What lectern_stat learnt of each file version's content (read/statContent.ts). */
  contentFacts?: VersionCache<ContentFacts>;
  /** What workspace searches learned about each file's version (binary, too large, text, text without secrets). */
  fileClasses?: FileClassCache;
  /** The letter triples of the text files workspace searches read, per version (search/gramFilter.ts). */
  fileGrams?: FileGrams;
  /** The bytes of clean text files workspace searches read, per version, scanned again without opening them. */
  fileBytes?: FileBytes;
  /** Finished walks of the workspace, replayed while no folder they listed has changed (ground/walkCache.ts). */
  walks?: WalkCache;
  /** The words each file version says (the map's reference graph); absent: read again on every map. */
  words?: FileWords;
  settings: Settings;
  /** Tokens this answer may use. */
  tokenCap: number;
  countTokens: TokenCounter;
  signal?: CancellationSignal;
  allowOutside: boolean;
  /** The user approved reading secret-looking paths (VS Code confirmation, CLI --allow-secrets on, the setting). */
  allowSecrets?: boolean;
  /** Most files one answer may read (the reads left in the session's hard budget); absent: no cap. */
  maxReads?: number;
  /** Most lines one answer may show (the session's per-read budget); absent: no line cap. */
  maxLines?: number;
  /** Told when text read for the answer had a private key or a URL password redacted (text/redact.ts). */
  onRedacted?: () => void;
  /** Told when the answer shows a line cut for display (the model does not see it whole). */
  onDisplayCut?: () => void;
}
