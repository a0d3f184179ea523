/** The report finance_decisions through the report test kit (README.md beside this). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import report, { amountBand } from './finance_decisions.report.ts';
import { event, openReportKit, type ReportKit } from './testing/reportKit.ts';

const T = '2026-11-20T10:00:00Z';
const started = (id: string, locale: string) => event(`purchase-${id}`, 'PurchaseStarted', { locale }, T);
const applied = (id: string, app: string, amount: number, currency = 'EUR') =>
  event(`purchase-${id}`, 'FinanceApplied', { applicationId: app, amount: { amount, currency } }, T);
const decided = (id: string, app: string, decision: string) =>
  event(`purchase-${id}`, 'FinanceDecided', { applicationId: app, decision }, T);

describe('report finance_decisions', () => {
  let kit: ReportKit;
  beforeAll(async () => {
    kit = await openReportKit(report);
  });
  afterAll(() => kit.close());

  it('bands amounts by thousands of the currency', () => {
    expect([999_999, 1_000_000, 2_999_999, 4_999_999, 5_000_000].map(amountBand)).toEqual([
      '< 10k',
      '10k–20k',
      '20k–30k',
      '30k–50k',
      '≥ 50k',
    ]);
  });

  it('counts each application’s decision per market and band; a second application counts too', async () => {
    const result = await kit.given([
      started('a', 'fr'),
      applied('a', 'app1', 1_500_000),
      decided('a', 'app1', 'declined'),
      applied('a', 'app2', 1_200_000),
      decided('a', 'app2', 'accepted'),
      started('b', 'fr'),
      applied('b', 'app3', 1_100_000),
      decided('b', 'app3', 'by-pass'),
      started('c', 'pl'),
      applied('c', 'app4', 9_000_000, 'PLN'),
    ]);
    expect(await result.view('by_market')).toEqual([
      {
        market: 'fr',
        band: '10k–20k',
        applications: 3,
        accepted: 1,
        declined: 1,
        by_pass: 1,
        pending: 0,
        accepted_pct: 33.3,
      },
      {
        market: 'pl',
        band: '≥ 50k',
        applications: 1,
        accepted: 0,
        declined: 0,
        by_pass: 0,
        pending: 1,
        accepted_pct: null,
      },
    ]);
  });
});
