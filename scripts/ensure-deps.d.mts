// Types of ensure-deps.mjs for the TypeScript that imports it (test/unit/project/ensureDeps.test.ts).
export declare function ensureDeps(options?: { root?: string; log?: (message: string) => void }): boolean;
