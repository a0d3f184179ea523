/**
 * Counts the SQL statements this process sends through node-postgres (the app under test runs in the
 * bench's process), by their first words: how many round trips one command costs, and which.
 */
import pg from 'pg';

export function countQueries(): { stop(): Map<string, number> } {
  const counts = new Map<string, number>();
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function query(this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '?');
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 70);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return original.apply(this, args);
  };
  return {
    stop() {
      prototype.query = original;
      return counts;
    },
  };
}
