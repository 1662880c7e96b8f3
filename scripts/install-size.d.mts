// Types of install-size.mjs for the TypeScript that imports it (test/unit/project/installSize.test.ts).
export declare function megabytes(bytes: number): string;
export declare function statedSizes(text: string): number[];
export declare function sizeProblems(docs: ReadonlyMap<string, string>, measuredBytes?: number): string[];
export declare function readSizeDocs(): Map<string, string>;
