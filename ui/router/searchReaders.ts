/**
 * Readers of a page's query string (the router's parsed search: text, numbers, booleans) for the pages'
 * loaders: lenient (a value that makes no sense is left out) and small, so a page's code needs no schema
 * library in the browser. What is posted, the server validates with zod.
 */

/** `value` if it is one of `choices`. */
export function oneOf<const T extends string>(value: unknown, choices: readonly T[]): T | undefined {
  return typeof value === 'string' && (choices as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/** `value` as a whole number from `min` to `max` (text read as a number, as zod's `coerce` does). */
export function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/** `value` if it is text of at most `max` characters matching `pattern` (if given). */
export function text(value: unknown, max: number, pattern?: RegExp): string | undefined {
  return typeof value === 'string' && value.length <= max && (!pattern || pattern.test(value))
    ? value
    : undefined;
}
