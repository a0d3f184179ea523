/**
 * Waits for a read model to catch up, at most `ms`: a read right after a write (a valuation or a lead of a
 * moment ago) sees it, and a lagging or failed projection delays the request by `ms` at the most.
 */
export async function waitAtMost(caughtUp: () => Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    caughtUp().catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}
