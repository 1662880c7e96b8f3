// Types of check-activation-bundle.mjs for the TypeScript that imports it (test/unit/vscode/activationContributions.test.ts).
export declare function activationBundleFindings(inputs: string[]): string[];
