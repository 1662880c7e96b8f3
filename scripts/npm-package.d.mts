// Types of npm-package.mjs for the TypeScript that imports it (test/unit/project/npmPackage.test.ts).
export declare const NPM_README: string;
export declare const NPM_PACKAGE_DIR: string;
export declare function packageFiles(manifest?: { files: string[] }): string[];
export declare function stageNpmPackage(out?: string): string[];
export declare function readmeProblems(text: string, files: readonly string[]): string[];
