// Secret-looking paths (private keys, .env files, credential files): reads and file searches refuse
// them with SECRET_PATH unless the user approved (VS Code asks; the CLI needs --allow-secrets on or
// the setting), and workspace searches skip them and say how many they skipped. SECURITY.md's
// table is the policy: test/unit/hardening/secretPolicy.test.ts checks these lists against it.
import picomatch from 'picomatch';
import { secretForm } from './secretNames';
import { variantsOf } from './secretVariants';

/**
 * Globs matched against a path relative to its workspace folder and against the absolute path,
 * with forward slashes; a glob without a slash matches a file name at any depth.
 */
export const DEFAULT_SECRET_PATTERNS: readonly string[] = [
  // Environment files (templates meant to be committed are exempt below).
  '.env',
  '.env.*',
  '.env-*',
  '.env_*',
  '*.env',
  '.envrc',
  // Private keys and certificates' keys, key stores.
  // A key's default name with anything after it: id_rsa_github, id_ed25519_work, "id_rsa copy".
  'id_rsa*',
  'id_dsa*',
  'id_ecdsa*',
  'id_ed25519*',
  '*.pem',
  '*.key',
  '*.p12',
  '*.pfx',
  '*.jks',
  '*.keystore',
  '*.kdbx',
  '*.ppk',
  '*.gpg',
  // Armored PGP keys named as private (a public key or a signature .asc is served; a private key
  // block inside any file is redacted by its content).
  '*key.asc',
  '*private*.asc',
  '*secret*.asc',
  // Folders of credentials.
  '.ssh/**',
  '.aws/**',
  '.gnupg/**',
  '.azure/**',
  '.kube/config',
  '.docker/config.json',
  '.config/gcloud/**',
  '.config/gh/hosts.yml',
  // Files that hold tokens or passwords.
  '.npmrc',
  '.yarnrc.yml',
  '.pypirc',
  '.netrc',
  '_netrc',
  '.git-credentials',
  '.pgpass',
  '.my.cnf',
  '.htpasswd',
  'credentials',
  'credentials.json',
  'client_secret*.json',
  'service-account*.json',
  '*.tfstate',
  '*.tfstate.backup',
  '*.tfvars',
  '*.tfvars.json',
  '.vault-token',
  '.s3cfg',
  'secrets.yml',
  'secrets.yaml',
  'secrets.json',
  'master.key',
];

/** Names that look secret but are templates or public halves: never refused. */
export const DEFAULT_SECRET_EXEMPTIONS: readonly string[] = [
  '*.example',
  '*.sample',
  '*.template',
  '*.dist',
  '*.defaults',
  '.env.*.example',
  '*.pub',
  '*public*.asc',
  '*pubkey.asc',
  '.ssh/known_hosts',
];

export interface SecretSettings {
  /** Extra globs (added to the defaults); an entry starting with "!" exempts what it matches. */
  secretPatterns: string[];
  /** Secret-looking paths are read and searched without asking (CLI --allow-secrets on, lectern.allowSecrets). */
  allowSecrets: boolean;
}

export const DEFAULT_SECRET_SETTINGS: SecretSettings = { secretPatterns: [], allowSecrets: false };

/**
 * Globs compiled for one cheap test per path (a workspace search checks every file it reaches):
 * globs without a slash as one regular expression on the file name; globs with one only where the
 * path holds their first folder name. Case-insensitive everywhere: on macOS and Windows ID_RSA is
 * the same file as id_rsa.
 */
function compile(globs: readonly string[]): (posix: string) => boolean {
  const clean = globs
    .map((g) =>
      secretForm(g.trim())
        .replace(/^\.\//, '')
        .replace(/^(\*\*\/)+/, '')
        .replace(/\/+$/, ''),
    )
    .filter((g) => g.length > 0);
  const names = clean.filter((g) => !g.includes('/'));
  const paths = clean.filter((g) => g.includes('/'));
  const options = { dot: true, nocase: true };
  const nameRe =
    names.length > 0
      ? new RegExp(names.map((g) => `(?:${picomatch.makeRe(g, options).source})`).join('|'), 'i')
      : undefined;
  const pathTests = paths.map((g) => {
    const first = `${g.split('/')[0]!.toLowerCase()}/`;
    const re = picomatch.makeRe(`**/${g}`, options);
    return (lower: string, posix: string) => (lower.startsWith(first) || lower.includes(`/${first}`)) && re.test(posix);
  });
  return (posix) => {
    if (nameRe && nameRe.test(posix.slice(posix.lastIndexOf('/') + 1))) return true;
    if (pathTests.length === 0) return false;
    const lower = posix.toLowerCase();
    return pathTests.some((test) => test(lower, posix));
  };
}

export type SecretMatcher = (path: string) => boolean;

const cache = new Map<string, SecretMatcher>();
/** Paths a matcher remembers its answer for. */
const MEMO_PATHS = 200_000;

/**
 * True for a path (relative or absolute, any separator) that matches the secret patterns and no
 * exemption, or one of its variants does (a backup, an editor's copy, trailing spaces or dots:
 * secretVariants.ts).
 */
export function secretMatcher(extra: readonly string[] = []): SecretMatcher {
  const key = extra.join('\0');
  const known = cache.get(key);
  if (known) return known;
  const added = extra.filter((g) => g.trim() && !g.trim().startsWith('!'));
  const exempt = extra.filter((g) => g.trim().startsWith('!')).map((g) => g.trim().slice(1));
  const secret = compile([...DEFAULT_SECRET_PATTERNS, ...added]);
  const exemption = compile([...DEFAULT_SECRET_EXEMPTIONS, ...exempt]);
  // A workspace search asks for every file it reaches, and the next search asks again.
  const answers = new Map<string, boolean>();
  const judge = (path: string) => {
    let posix = secretForm(path.includes('\\') ? path.replace(/\\/g, '/') : path);
    if (posix.startsWith('/')) posix = posix.replace(/^\/+/, '');
    const variants = variantsOf(posix);
    if (variants.length === 0) return secret(posix) && !exemption(posix);
    // A variant is judged as the name it copies: a backup of a template is a template.
    const paths = [posix, ...variants];
    return paths.some(secret) && !paths.some(exemption);
  };
  const matcher: SecretMatcher = (path) => {
    let result = answers.get(path);
    if (result === undefined) {
      result = judge(path);
      if (answers.size >= MEMO_PATHS) answers.clear();
      answers.set(path, result);
    }
    return result;
  };
  if (cache.size > 16) cache.clear();
  cache.set(key, matcher);
  return matcher;
}
