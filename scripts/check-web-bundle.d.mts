// Types of check-web-bundle.mjs for the TypeScript that imports it (test/unit/project/webBundle.test.ts).
export declare const WEB_BUNDLE_BUDGET_KIB: number;
export declare function inputFindings(inputs: string[]): string[];
export declare function textFindings(text: string): string[];
export declare function sizeFindings(bytes: number): string[];
export declare function checkWebBundle(
  metafile: { inputs: Record<string, unknown> },
  outputs: string[],
  production?: boolean,
): string[];
