/** The report purchase_step_times through the report test kit (README.md beside this). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import report from './purchase_step_times.report.ts';
import { event, openReportKit, type ReportKit } from './testing/reportKit.ts';

const started = (id: string, locale: string, at: string) =>
  event(`purchase-${id}`, 'PurchaseStarted', { purchaseId: id, locale }, at);

describe('report purchase_step_times', () => {
  let kit: ReportKit;
  beforeAll(async () => {
    kit = await openReportKit(report);
  });
  afterAll(() => kit.close());

  it('times each step from the one before it, per purchase', async () => {
    const result = await kit.given([
      started('a', 'fr', '2026-11-20T10:00:00Z'),
      event('purchase-a', 'AccountStepPassed', {}, '2026-11-20T10:02:00Z'),
      event('purchase-a', 'InfosSubmitted', {}, '2026-11-20T10:07:00Z'),
      event('purchase-a', 'FinanceApplied', {}, '2026-11-20T10:08:00Z'), // not a step's end: ignored
      event('purchase-a', 'DeliveryChosen', {}, '2026-11-20T10:08:30Z'),
    ]);
    expect(await result.table('steps')).toEqual([
      { purchase_id: 'a', n: 0, market: 'fr', step: 'my-account', seconds: 120 },
      { purchase_id: 'a', n: 1, market: 'fr', step: 'my-infos', seconds: 300 },
      { purchase_id: 'a', n: 2, market: 'fr', step: 'delivery', seconds: 90 },
    ]);
  });

  it('gives the median and the 90th percentile per market and step, filtered by market', async () => {
    const minutes = [1, 2, 3, 4, 10];
    const events = minutes.flatMap((m, i) => [
      started(`p${i}`, 'pl', '2026-11-20T10:00:00Z'),
      event(
        `purchase-p${i}`,
        'AccountStepPassed',
        {},
        new Date(Date.parse('2026-11-20T10:00:00Z') + m * 60_000).toISOString(),
      ),
    ]);
    events.push(started('f', 'fr', '2026-11-20T10:00:00Z'));
    events.push(event('purchase-f', 'AccountStepPassed', {}, '2026-11-20T10:30:00Z'));
    const result = await kit.given(events);
    expect(await result.view('by_step', { market: 'pl' })).toEqual([
      { market: 'pl', step: 'my-account', purchases: 5, median_minutes: 3, p90_minutes: 7.6 },
    ]);
    expect(await result.view('by_step')).toHaveLength(2);
  });
});
