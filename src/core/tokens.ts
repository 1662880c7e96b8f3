// Token estimates with gpt-tokenizer (o200k_base). Its table costs ~350 ms to load, so it loads on
// first use, never at activation.

export type TokenCounter = (text: string) => number;

let loading: Promise<TokenCounter> | undefined;

// Special-token text such as "<|endoftext|>" occurs in real source; count it as plain text.
const PLAIN = { disallowedSpecial: new Set<string>(), allowedSpecial: new Set<string>() };

export function loadTokenCounter(): Promise<TokenCounter> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((tokenizer) => {
    const count = tokenizer.countTokens ?? ((text: string) => tokenizer.encode(text, PLAIN).length);
    return (text: string) => (text.length === 0 ? 0 : count(text, PLAIN));
  });
  return loading;
}
