/**
 * The catalogue id (SPEC `id`, digits) of a car first seen in a feed, derived from what identifies it
 * in feeds, (dealerId, reference): the same car always gets the same id, whichever file, process or
 * retry lists it. Ids are 12 digits (10^11 … 10^12 − 1), far from the demo cars' 6-digit ids; with
 * 100,000 imported cars a collision has a chance of about 1 in 200, so `attempt` derives the next
 * candidate when the first one is taken by another car.
 */

const LOWEST = 100_000_000_000;
const SPAN = 900_000_000_000;

export function feedCarId(dealerId: string, reference: string, attempt = 0): string {
  return String(LOWEST + (hash53(`${dealerId}\u0000${reference}\u0000${attempt}`) % SPAN));
}

/** The first candidate id for (dealerId, reference) that `isTaken` does not refuse. */
export function freeFeedCarId(
  dealerId: string,
  reference: string,
  isTaken: (carId: string) => boolean,
): string {
  for (let attempt = 0; ; attempt++) {
    const carId = feedCarId(dealerId, reference, attempt);
    if (!isTaken(carId)) return carId;
  }
}

// cyrb53: a fast, well-mixed 53-bit string hash (pure JS: the domain has no node:crypto).
function hash53(value: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < value.length; i++) {
    const ch = value.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
