// What every git command Lectern runs is given: configuration that neutralises the programs a
// repository can name, and an environment with none of the caller's GIT_* variables.
import { overrideEnv, type ConfigOverride } from './gitFilters';

/** Every transport this git knows (`git-remote-*` helpers included): none is ever used. */
const TRANSPORTS: readonly string[] = ['file', 'git', 'ssh', 'http', 'https', 'ftp', 'ftps', 'ext', 'fd'];

/**
 * A repository is untrusted input: its configuration can name programs git runs (fsmonitor, hooks,
 * external diff and textconv drivers, filters, ssh, pager, credential helpers). Every call
 * overrides them, so asking what changed never runs the repository's code.
 */
export const NEUTRAL_CONFIG: readonly string[] = [
  'core.fsmonitor=false',
  `core.hooksPath=${process.platform === 'win32' ? 'NUL' : '/dev/null'}`,
  'diff.external=',
  'core.sshCommand=',
  'core.pager=cat',
  'core.askPass=',
  'credential.helper=',
  'protocol.allow=never',
  // A per-protocol setting in the repository outranks protocol.allow: each transport is refused by name.
  ...TRANSPORTS.map((name) => `protocol.${name}.allow=never`),
  'submodule.recurse=false',
  'status.submoduleSummary=false',
  'core.untrackedCache=false',
].flatMap((setting) => ['-c', setting]);

/**
 * Environment variables dropped from the caller's: every GIT_* one (they can make git run a program,
 * read another configuration, or use another repository: GIT_DIR, GIT_WORK_TREE, GIT_COMMON_DIR,
 * GIT_OBJECT_DIRECTORY, GIT_ALTERNATE_OBJECT_DIRECTORIES, GIT_INDEX_FILE…), and the pagers and askpass.
 */
const UNSAFE_ENV = /^GIT_|^(PAGER|SSH_ASKPASS)$/i;

export function gitEnv(overrides: readonly ConfigOverride[]): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!UNSAFE_ENV.test(key)) env[key] = value;
  // No system configuration; no index refresh written behind the user's back; stable, untranslated messages.
  return {
    ...env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_OPTIONAL_LOCKS: '0',
    LC_ALL: 'C',
    LANG: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_PAGER: 'cat',
    // A partial clone fetches a missing object on demand, through the repository's remote: never.
    GIT_NO_LAZY_FETCH: '1',
    // A list of allowed transports replaces every protocol.*.allow setting; this one allows none.
    GIT_ALLOW_PROTOCOL: '',
    GIT_PROTOCOL_FROM_USER: '0',
    ...(overrides.length > 0 ? overrideEnv(overrides) : {}),
  };
}
