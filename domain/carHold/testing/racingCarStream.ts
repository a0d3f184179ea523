/**
 * A car's stream as the command handler sees it, for race tests: reads and appends are separate steps
 * that a fast-check scheduler interleaves, and an append expecting an old revision fails, as the event
 * store's does. `handle` is the handler's loop: read, decide, append with the expected revision; on a
 * conflict read again and decide again (bounded).
 */
import type fc from 'fast-check';
import type { CarStreamEvent } from '../../catalogue/events.ts';
import type { CarHoldCommand } from '../commands.ts';
import { decideCarHold, evolveCarHold, initialCarHold, unavailableReasonOf } from '../decide.ts';

export type HandleOutcome = 'decided' | 'nothing' | string;

export function racingCarStream(initial: readonly CarStreamEvent[], s: fc.Scheduler) {
  const events: CarStreamEvent[] = [...initial];
  const read = s.scheduleFunction(async function read() {
    return { state: events.reduce(evolveCarHold, initialCarHold), revision: events.length };
  });
  const append = s.scheduleFunction(async function append(expected: number, decided: CarStreamEvent[]) {
    if (events.length !== expected) return false; // wrong expected revision
    events.push(...decided);
    return true;
  });

  async function handle(command: CarHoldCommand, maxAttempts = 10): Promise<HandleOutcome> {
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const { state, revision } = await read();
      let decided: CarStreamEvent[];
      try {
        decided = decideCarHold(command, state);
      } catch (error) {
        return unavailableReasonOf(error) ?? (error as Error).name;
      }
      if (decided.length === 0) return 'nothing';
      if (await append(revision, decided)) return 'decided';
    }
    return 'gave up';
  }

  return { events, handle };
}
