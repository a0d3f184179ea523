/** Escapes text for use as a literal inside a regular expression (slashes too, for readable sources). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
