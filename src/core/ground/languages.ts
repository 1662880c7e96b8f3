// Language ids (VS Code's) by file name, for stat answers and later for grammar selection.

const BY_EXTENSION: Record<string, string> = {
  ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'typescriptreact',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascriptreact',
  py: 'python', pyi: 'python', go: 'go', rs: 'rust', java: 'java', kt: 'kotlin', kts: 'kotlin',
  c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hpp: 'cpp', hh: 'cpp', hxx: 'cpp',
  cs: 'csharp', rb: 'ruby', php: 'php', swift: 'swift', scala: 'scala', lua: 'lua', r: 'r',
  sh: 'shellscript', bash: 'shellscript', zsh: 'shellscript', ps1: 'powershell',
  json: 'json', jsonc: 'jsonc', yaml: 'yaml', yml: 'yaml', toml: 'toml', xml: 'xml', html: 'html',
  htm: 'html', css: 'css', scss: 'scss', less: 'less', md: 'markdown', markdown: 'markdown',
  sql: 'sql', graphql: 'graphql', vue: 'vue', svelte: 'svelte', dart: 'dart', ex: 'elixir',
  exs: 'elixir', erl: 'erlang', hs: 'haskell', ml: 'ocaml', fs: 'fsharp', pl: 'perl', txt: 'plaintext',
  ini: 'ini', cfg: 'ini', proto: 'proto', tf: 'terraform', dockerfile: 'dockerfile', mk: 'makefile',
};

const BY_NAME: Record<string, string> = {
  dockerfile: 'dockerfile', makefile: 'makefile', gnumakefile: 'makefile', 'cmakelists.txt': 'cmake',
  '.gitignore': 'ignore', '.npmignore': 'ignore', '.vscodeignore': 'ignore',
};

export function languageOf(path: string): string | null {
  const name = path.split(/[\\/]/).pop()!.toLowerCase();
  if (Object.hasOwn(BY_NAME, name)) return BY_NAME[name]!;
  const dot = name.lastIndexOf('.');
  const ext = name.slice(dot + 1);
  return (dot > 0 || (dot === 0 && name.length > 1)) && Object.hasOwn(BY_EXTENSION, ext) ? BY_EXTENSION[ext]! : null;
}
