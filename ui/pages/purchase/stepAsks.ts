/**
 * What a step asks through the URL's query: a finance simulation from the funding step (a GET form:
 * works without JavaScript), the down payment in the currency's major units as the buyer types it; a
 * delivery price for a postcode. Anything else or out of range is ignored. Read by hand, not with zod
 * as the other pages' queries are: zod would add 14 kB (gzip) to the purchase screens' script, which
 * has a budget on a phone (bench/RESULTS.md, js.funnel).
 */
export interface StepAsks {
  readonly durationMonths?: number;
  readonly downPayment?: number;
  readonly postcode?: string;
}

const integerIn = (value: unknown, min: number, max: number): number | undefined => {
  const number = typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(number) && number >= min && number <= max ? number : undefined;
};

export function readStepAsks(search: Readonly<Record<string, unknown>>): StepAsks {
  const postcode = typeof search.postcode === 'string' ? search.postcode.trim() : undefined;
  const asks = {
    durationMonths: integerIn(search.durationMonths, 12, 84),
    downPayment: integerIn(search.downPayment, 0, Number.MAX_SAFE_INTEGER),
    postcode: postcode && postcode.length <= 10 ? postcode : undefined,
  };
  return Object.fromEntries(Object.entries(asks).filter(([, value]) => value !== undefined));
}
