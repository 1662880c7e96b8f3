// Types of release-lib.mjs for the TypeScript that imports it (test/unit/project/release.test.ts).
export declare const RELEASE_DIR: string;
export declare function parseReleaseArgs(argv: readonly string[]): { allowDirty: boolean; out: string };
export declare function dirtyPaths(porcelain: string): string[];
export declare function dirtyTreeProblem(porcelain: string, allowDirty: boolean): string | undefined;
export declare function sha256(bytes: Uint8Array | string): string;
export declare function formatSums(files: ReadonlyMap<string, Uint8Array | string>): string;
export declare function sumsProblems(text: string, files: ReadonlyMap<string, Uint8Array | string>): string[];
