// Where a file stands in navigation and search answers: code first, then tests, then docs, examples
// and prose (Markdown, text), then vendored or generated code. Decided from its path alone, the same on
// every call.

type FileClass = 'code' | 'test' | 'docs' | 'vendored';

const RANK: Record<FileClass, number> = { code: 0, test: 1, docs: 2, vendored: 3 };

const VENDORED = /(^|\/)(vendor|vendored|third_party|third-party|node_modules|external|generated|gen)\//i;
const TEST_FOLDER = /(^|\/)(tests?|__tests__|spec|specs|testdata|test_data|fixtures|e2e|integration)\//i;
const TEST_FILE = /(^|\/)(test_[^/]*|[^/]*([._-](test|spec|tests))\.[a-z0-9]+|[^/]*_test\.go|conftest\.py)$/i;
const DOCS = /(^|\/)(docs?|examples?|samples?|demos?|benchmarks?|bench)\//i;
/** Prose wherever it sits: a README beside the code is read by people, not run. */
const PROSE = /\.(md|mdx|markdown|rst|txt|adoc|asciidoc|org)$/i;

function fileClass(path: string): FileClass {
  if (VENDORED.test(path)) return 'vendored';
  if (TEST_FOLDER.test(path) || TEST_FILE.test(path)) return 'test';
  if (DOCS.test(path) || PROSE.test(path)) return 'docs';
  return 'code';
}

export function classRank(path: string): number {
  return RANK[fileClass(path)];
}

/** Code before tests before docs before vendored code, then by path: a stable order for paging. */
export function compareFiles(a: string, b: string): number {
  return classRank(a) - classRank(b) || (a < b ? -1 : a > b ? 1 : 0);
}
