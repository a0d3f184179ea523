/**
 * An independent check of a car's stream, for property tests: it does not use the decider. Every hold
 * must start on a car on sale with no other hold open, and end (released, transferred on, sold) at most
 * once; nothing is ever held or sold after a sale. Throws on the first breach.
 */
import type { CarStreamEvent } from '../../catalogue/events.ts';

export function auditHolds(events: readonly CarStreamEvent[]): { open: string | undefined; ended: string[] } {
  let open: string | undefined;
  let listed = false;
  let withdrawn = false;
  let sold = false;
  const ended: string[] = [];
  const fail = (i: number, why: string) => {
    throw new Error(`event ${i} (${events[i]?.type}): ${why}`);
  };
  events.forEach((event, i) => {
    switch (event.type) {
      case 'CarListed':
        listed = true;
        withdrawn = false;
        return;
      case 'CarWithdrawn':
        withdrawn = true;
        return;
      case 'CarHeld':
        if (open !== undefined) fail(i, `a second active hold (${open} is still open)`);
        if (!listed || withdrawn || sold) fail(i, 'a hold on a car that is not on sale');
        if (ended.includes(event.data.holdId)) fail(i, `hold id ${event.data.holdId} used again`);
        open = event.data.holdId;
        return;
      case 'CarHoldExtended':
        if (open !== event.data.holdId) fail(i, `extends ${event.data.holdId}, not the open hold`);
        return;
      case 'CarHoldReleased':
        if (open !== event.data.holdId) fail(i, `releases ${event.data.holdId}, not the open hold`);
        ended.push(event.data.holdId);
        open = undefined;
        return;
      case 'CarHoldTransferred':
        if (open !== event.data.holdId) fail(i, `transfers ${event.data.holdId}, not the open hold`);
        ended.push(event.data.holdId);
        open = event.data.toHoldId;
        return;
      case 'CarSold':
        if (sold) fail(i, 'sold twice');
        if (event.data.holdId !== open) fail(i, `sold under ${event.data.holdId}, not the open hold ${open}`);
        if (open) ended.push(open);
        open = undefined;
        sold = true;
        return;
      case 'CarDetailsUpdated':
      case 'CarPriceChanged':
        return;
      default: {
        const never: never = event;
        throw new Error(`unknown car event ${JSON.stringify(never)}`);
      }
    }
  });
  return { open, ended };
}
