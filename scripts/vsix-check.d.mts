// Types of vsix-check.mjs for the TypeScript that imports it (test/unit/project/vsixCheck.test.ts).
export declare function detailsPageProblems(name: string, page: string): string[];
