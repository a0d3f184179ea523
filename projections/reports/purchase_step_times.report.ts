/**
 * Time buyers spend on each purchase step, per market: one row per step a purchase went through (the time
 * from the step before it, or from the start, to the event that ends it); the view gives the median and
 * the 90th percentile in minutes. How reports work: projections/reports/README.md.
 */
import type { PurchaseEvent } from '../../domain/purchase/events.ts';
import type { PurchaseStep } from '../../domain/routes/paramRules.ts';
import { defineReport } from './defineReport.ts';

/** The event that ends each step (the buyer's answer to it). */
const STEP_ENDED_BY = {
  AccountStepPassed: 'my-account',
  BuyerSignedIn: 'sign-in-sign-up',
  BuyerSignedUp: 'sign-in-sign-up',
  InfosSubmitted: 'my-infos',
  DeliveryChosen: 'delivery',
  TradeInAccepted: 'recovery',
  TradeInSkipped: 'recovery',
  InsuranceChosen: 'insurance',
  ExtrasChosen: 'additional-optional',
  FundingChosen: 'funding',
  PurchaseConfirmed: 'advance-payment',
} as const satisfies Partial<Record<PurchaseEvent['type'], PurchaseStep>>;

type StepEvent = Extract<PurchaseEvent, { type: keyof typeof STEP_ENDED_BY | 'PurchaseStarted' }>;

type State = {
  market: string | null;
  /** When the current step began (ISO). */
  since: string | null;
  /** The steps done, in order: [step, seconds]. */
  steps: [string, number][];
};

export default defineReport<State, StepEvent, 'steps'>({
  name: 'purchase_step_times',
  version: 1,
  title: 'Time spent per purchase step',
  description: 'Median and 90th percentile of the minutes buyers spend on each purchase step, per market.',
  headings: {
    by_step: 'By step',
    market: 'Market',
    step: 'Step',
    purchases: 'Purchases',
    median_minutes: 'Median (min)',
    p90_minutes: '90th percentile (min)',
  },
  labels: {
    fr: {
      title: 'Temps passé par étape d’achat',
      description:
        'Médiane et 90e centile des minutes passées par les acheteurs sur chaque étape de l’achat, par marché.',
      headings: {
        by_step: 'Par étape',
        market: 'Marché',
        step: 'Étape',
        purchases: 'Achats',
        median_minutes: 'Médiane (min)',
        p90_minutes: '90e centile (min)',
      },
    },
    de: {
      title: 'Zeit pro Kaufschritt',
      description:
        'Median und 90. Perzentil der Minuten, die Käufer auf jedem Kaufschritt verbringen, je Markt.',
      headings: {
        by_step: 'Nach Schritt',
        market: 'Markt',
        step: 'Schritt',
        purchases: 'Käufe',
        median_minutes: 'Median (Min.)',
        p90_minutes: '90. Perzentil (Min.)',
      },
    },
    es: {
      title: 'Tiempo por paso de compra',
      description:
        'Mediana y percentil 90 de los minutos que los compradores pasan en cada paso de la compra, por mercado.',
      headings: {
        by_step: 'Por paso',
        market: 'Mercado',
        step: 'Paso',
        purchases: 'Compras',
        median_minutes: 'Mediana (min)',
        p90_minutes: 'Percentil 90 (min)',
      },
    },
    it: {
      title: 'Tempo per passo d’acquisto',
      description:
        'Mediana e 90° percentile dei minuti che gli acquirenti passano su ogni passo dell’acquisto, per mercato.',
      headings: {
        by_step: 'Per passo',
        market: 'Mercato',
        step: 'Passo',
        purchases: 'Acquisti',
        median_minutes: 'Mediana (min)',
        p90_minutes: '90° percentile (min)',
      },
    },
    'nl-BE': {
      title: 'Tijd per aankoopstap',
      description:
        'Mediaan en 90e percentiel van de minuten die kopers op elke aankoopstap doorbrengen, per markt.',
      headings: {
        by_step: 'Per stap',
        market: 'Markt',
        step: 'Stap',
        purchases: 'Aankopen',
        median_minutes: 'Mediaan (min)',
        p90_minutes: '90e percentiel (min)',
      },
    },
    pl: {
      title: 'Czas na etap zakupu',
      description:
        'Mediana i 90. percentyl minut, które kupujący spędzają na każdym etapie zakupu, według rynku.',
      headings: {
        by_step: 'Według etapu',
        market: 'Rynek',
        step: 'Etap',
        purchases: 'Zakupy',
        median_minutes: 'Mediana (min)',
        p90_minutes: '90. percentyl (min)',
      },
    },
    pt: {
      title: 'Tempo por passo de compra',
      description:
        'Mediana e percentil 90 dos minutos que os compradores passam em cada passo da compra, por mercado.',
      headings: {
        by_step: 'Por passo',
        market: 'Mercado',
        step: 'Passo',
        purchases: 'Compras',
        median_minutes: 'Mediana (min)',
        p90_minutes: 'Percentil 90 (min)',
      },
    },
  },
  events: ['PurchaseStarted', ...(Object.keys(STEP_ENDED_BY) as (keyof typeof STEP_ENDED_BY)[])],
  tables: {
    steps: {
      columns: { purchase_id: 'text', n: 'integer', market: 'text', step: 'text', seconds: 'float' },
      key: ['purchase_id', 'n'],
    },
  },
  initial: () => ({ market: null, since: null, steps: [] }),
  evolve(state, event) {
    const at = event.created.toISOString();
    if (event.type === 'PurchaseStarted') return { ...state, market: event.data.locale, since: at };
    if (state.since === null) return state; // a purchase whose start this report did not see
    const seconds = (event.created.getTime() - Date.parse(state.since)) / 1000;
    return { ...state, since: at, steps: [...state.steps, [STEP_ENDED_BY[event.type], seconds]] };
  },
  rows: (state, key) => ({
    steps: state.steps.map(([step, seconds], n) => ({
      purchase_id: key.replace(/^purchase-/, ''),
      n,
      market: state.market,
      step,
      seconds,
    })),
  }),
  views: {
    by_step: {
      columns: {
        market: 'text',
        step: 'text',
        purchases: 'integer',
        median_minutes: 'float',
        p90_minutes: 'float',
      },
      sql: ({ steps }) => `
        SELECT market, step, count(DISTINCT purchase_id) AS purchases,
          round((percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) / 60)::numeric, 1)::float AS median_minutes,
          round((percentile_cont(0.9) WITHIN GROUP (ORDER BY seconds) / 60)::numeric, 1)::float AS p90_minutes
        FROM ${steps} GROUP BY market, step
        ORDER BY market, array_position(ARRAY[${Object.values(STEP_ENDED_BY)
          .filter((step, i, all) => all.indexOf(step) === i)
          .map((step) => `'${step}'`)
          .join(', ')}]::text[], step)`,
      filters: ['market', 'step'],
      chart: { kind: 'bar', x: 'step', y: ['median_minutes', 'p90_minutes'] },
    },
  },
});
