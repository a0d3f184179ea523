/**
 * `--until`: a moment (ISO 8601 time with its zone, `2026-11-20T12:00:00Z`) or a global position (the
 * events table's `global_position`: a whole number). A replay up to it folds the events recorded up to
 * that moment or at and before that position, in log order, and stops before the first one after it.
 */
import type { RecordedEvent } from '../../engine/eventStore.ts';

export type Until = { kind: 'time'; at: Date } | { kind: 'position'; globalPosition: bigint };

export class BadUntilError extends Error {
  constructor(text: string) {
    super(
      `--until ${JSON.stringify(text)}: give an ISO 8601 time with its zone (2026-11-20T12:00:00Z) or a global position (a whole number)`,
    );
    this.name = 'BadUntilError';
  }
}

const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/;

export function parseUntil(text: string): Until {
  const trimmed = text.trim();
  if (/^\d{1,19}$/.test(trimmed)) return { kind: 'position', globalPosition: BigInt(trimmed) };
  if (ISO.test(trimmed)) {
    const at = new Date(trimmed.length === 10 ? `${trimmed}T00:00:00Z` : trimmed);
    if (!Number.isNaN(at.getTime())) return { kind: 'time', at };
  }
  throw new BadUntilError(text);
}

/** True for the first event past the bound. */
export function isAfter(until: Until): (event: RecordedEvent) => boolean {
  switch (until.kind) {
    case 'time':
      return (event) => event.created.getTime() > until.at.getTime();
    case 'position':
      return (event) => event.position.prepare > until.globalPosition;
    default: {
      const unknown: never = until;
      throw new TypeError(String(unknown));
    }
  }
}

export function formatUntil(until: Until): string {
  return until.kind === 'time' ? until.at.toISOString() : until.globalPosition.toString();
}
