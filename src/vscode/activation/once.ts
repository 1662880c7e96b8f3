// A value made on first use and kept; a failure is kept too, so a half-done start is never repeated
// (it would register its commands twice).
export function once<T>(make: () => T): () => T {
  let result: { value: T } | { error: unknown } | undefined;
  return () => {
    if (!result) {
      try {
        result = { value: make() };
      } catch (error) {
        result = { error };
      }
    }
    if ('error' in result) throw result.error;
    return result.value;
  };
}
