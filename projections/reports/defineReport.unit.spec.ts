/**
 * Report definitions: the shipped reports name every view and column in each language they are written
 * for (the back office's nine locales, Austria and Belgium's French through German and French), and a
 * heading for a name the report does not have is refused when the file loads.
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../domain/markets.ts';
import { defineReport } from './defineReport.ts';
import { loadReports } from './loadReports.ts';

const SHIPPED = ['car_price_changes', 'finance_decisions', 'purchase_step_times'];
const LANGUAGE_OF: Record<string, string> = { at: 'de', 'fr-BE': 'fr' };

describe('report definitions', () => {
  describe('given the shipped reports', () => {
    it('give a title, a description and every heading in each locale but English, which is their own', async () => {
      const reports = (await loadReports()).filter((r) => SHIPPED.includes(r.name));
      expect(reports.map((r) => r.name).sort()).toEqual(SHIPPED);
      for (const report of reports) {
        const names = Object.entries(report.views).flatMap(([view, { columns }]) => [
          view,
          ...Object.keys(columns),
        ]);
        for (const name of names) expect(report.headings?.[name], `${report.name}: ${name}`).toBeTruthy();
        for (const locale of LOCALES) {
          const labels = report.labels?.[locale] ?? report.labels?.[LANGUAGE_OF[locale] as never];
          expect(labels, `${report.name} in ${locale}`).toBeDefined();
          for (const name of names)
            expect(labels?.headings?.[name], `${report.name} in ${locale}: ${name}`).toBeTruthy();
        }
      }
    });
  });

  describe('when a heading names neither a view nor a column', () => {
    const base = {
      name: 'tiny',
      version: 1,
      title: 'Tiny',
      description: 'A tiny report.',
      events: ['PurchaseStarted'],
      tables: { rows: { columns: { day: 'text' }, key: ['day'] } },
      initial: () => null,
      evolve: (state: null) => state,
      rows: () => ({}),
      views: {
        per_day: {
          columns: { day: 'text' },
          sql: ({ rows }: { rows: string }) => `SELECT day FROM ${rows}`,
          filters: [],
          chart: { kind: 'bar', x: 'day', y: ['day'] },
        },
      },
    } as const;

    it('accepts headings of its view and columns', () => {
      expect(() => defineReport({ ...base, headings: { per_day: 'Per day', day: 'Day' } })).not.toThrow();
    });

    it('refuses it, naming where it is', () => {
      expect(() => defineReport({ ...base, headings: { days: 'Days' } })).toThrow(/headings: days/);
      expect(() =>
        defineReport({
          ...base,
          labels: { fr: { title: 'Mini', description: 'Mini.', headings: { jour: 'Jour' } } },
        }),
      ).toThrow(/labels\.fr\.headings: jour/);
    });
  });
});
