// The few assertions the web tests use (Node's assert is not in the worker; these throw the same way).

export function ok(value: unknown, message = 'expected a truthy value'): asserts value {
  if (!value) throw new Error(message);
}

export function equal(actual: unknown, expected: unknown, message?: string): void {
  if (actual !== expected) throw new Error(`${message ? `${message}: ` : ''}${String(actual)} !== ${String(expected)}`);
}

export function match(text: string, pattern: RegExp, message?: string): void {
  if (!pattern.test(text)) throw new Error(`${message ?? text.slice(0, 600)}\n  does not match ${String(pattern)}`);
}

export function deepEqual(actual: unknown, expected: unknown, message?: string): void {
  const [a, e] = [JSON.stringify(actual, null, 2), JSON.stringify(expected, null, 2)];
  if (a !== e) throw new Error(`${message ? `${message}\n` : ''}actual: ${a}\nexpected: ${e}`);
}
