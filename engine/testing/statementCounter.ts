/**
 * Counts the SQL statements this process sends through node-postgres (every pool, the event store's
 * included), for the statement budgets and the benches: each statement's text under the label of the
 * async context that sent it (`counted(label, work)`), or `background` (projections, timers) when sent
 * outside any; statements sent inside `uncounted(work)` (a test's own reads) are left out.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

const context = new AsyncLocalStorage<string | null>();

export interface StatementCounter {
  /** The statements sent so far under `label` (normalised whitespace), oldest first. */
  sent(label?: string): readonly string[];
  /** Forgets what was counted. */
  reset(): void;
  stop(): void;
}

/** Runs `work` with its statements counted under `label`. */
export const counted = <T>(label: string, work: () => T): T => context.run(label, work);
/** Runs `work` with its statements not counted. */
export const uncounted = <T>(work: () => T): T => context.run(null, work);

export function countStatements(): StatementCounter {
  const sent = new Map<string, string[]>();
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function query(this: unknown, ...args: unknown[]) {
    const label = context.getStore();
    if (label !== null) {
      const first = args[0];
      const text =
        typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '?');
      const key = label ?? 'background';
      const list = sent.get(key) ?? [];
      sent.set(key, list);
      list.push(text.replace(/\s+/g, ' ').trim());
    }
    return original.apply(this, args);
  };
  return {
    sent: (label) => (label === undefined ? [...sent.values()].flat() : (sent.get(label) ?? [])),
    reset: () => sent.clear(),
    stop() {
      prototype.query = original;
    },
  };
}
