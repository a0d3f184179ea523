/**
 * Finance decisions by market and amount band: one row per finance application of a purchase (the
 * amount asked, in the market's currency, and the decision once made); the view counts the decisions
 * per market and band. How reports work: projections/reports/README.md.
 */
import type { PurchaseEvent } from '../../domain/purchase/events.ts';
import { defineReport } from './defineReport.ts';

type FinanceEvent = Extract<PurchaseEvent, { type: 'PurchaseStarted' | 'FinanceApplied' | 'FinanceDecided' }>;

type State = {
  market: string | null;
  /** Per application id: amount (minor units), currency, decision (null while pending). */
  applications: { [id: string]: { amount: number; currency: string; decision: string | null } };
};

/** Bands of the amount financed, in thousands of the market's currency (major units). */
const BANDS = [
  [10, '< 10k'],
  [20, '10k–20k'],
  [30, '20k–30k'],
  [50, '30k–50k'],
  [Number.POSITIVE_INFINITY, '≥ 50k'],
] as const;

export function amountBand(minorUnits: number): string {
  const thousands = minorUnits / 100_000;
  return BANDS.find(([below]) => thousands < below)![1];
}

export default defineReport<State, FinanceEvent, 'applications'>({
  name: 'finance_decisions',
  version: 1,
  title: 'Finance decisions by market and amount',
  description: 'Finance applications per market and band of the amount asked: accepted, declined, by-pass.',
  headings: {
    by_market: 'By market',
    market: 'Market',
    band: 'Amount band',
    applications: 'Applications',
    accepted: 'Accepted',
    declined: 'Declined',
    by_pass: 'Manual review',
    pending: 'Pending',
    accepted_pct: 'Accepted (%)',
  },
  labels: {
    fr: {
      title: 'Décisions de financement par marché et montant',
      description:
        'Demandes de financement par marché et tranche du montant demandé : acceptées, refusées, by-pass.',
      headings: {
        by_market: 'Par marché',
        market: 'Marché',
        band: 'Tranche de montant',
        applications: 'Demandes',
        accepted: 'Acceptées',
        declined: 'Refusées',
        by_pass: 'Étude manuelle',
        pending: 'En attente',
        accepted_pct: 'Acceptées (%)',
      },
    },
    de: {
      title: 'Finanzierungsentscheidungen nach Markt und Betrag',
      description: 'Finanzierungsanträge je Markt und Betragsstufe: angenommen, abgelehnt, By-pass.',
      headings: {
        by_market: 'Nach Markt',
        market: 'Markt',
        band: 'Betragsklasse',
        applications: 'Anträge',
        accepted: 'Angenommen',
        declined: 'Abgelehnt',
        by_pass: 'Manuelle Prüfung',
        pending: 'Offen',
        accepted_pct: 'Angenommen (%)',
      },
    },
    es: {
      title: 'Decisiones de financiación por mercado e importe',
      description:
        'Solicitudes de financiación por mercado y tramo del importe: aceptadas, rechazadas, by-pass.',
      headings: {
        by_market: 'Por mercado',
        market: 'Mercado',
        band: 'Tramo de importe',
        applications: 'Solicitudes',
        accepted: 'Aceptadas',
        declined: 'Rechazadas',
        by_pass: 'Revisión manual',
        pending: 'Pendientes',
        accepted_pct: 'Aceptadas (%)',
      },
    },
    it: {
      title: 'Decisioni di finanziamento per mercato e importo',
      description:
        'Richieste di finanziamento per mercato e fascia d’importo: accettate, rifiutate, by-pass.',
      headings: {
        by_market: 'Per mercato',
        market: 'Mercato',
        band: 'Fascia d’importo',
        applications: 'Richieste',
        accepted: 'Accettate',
        declined: 'Rifiutate',
        by_pass: 'Revisione manuale',
        pending: 'In attesa',
        accepted_pct: 'Accettate (%)',
      },
    },
    'nl-BE': {
      title: 'Financieringsbeslissingen per markt en bedrag',
      description: 'Financieringsaanvragen per markt en bedragschijf: aanvaard, geweigerd, by-pass.',
      headings: {
        by_market: 'Per markt',
        market: 'Markt',
        band: 'Bedragklasse',
        applications: 'Aanvragen',
        accepted: 'Aanvaard',
        declined: 'Geweigerd',
        by_pass: 'Manuele beoordeling',
        pending: 'In behandeling',
        accepted_pct: 'Aanvaard (%)',
      },
    },
    pl: {
      title: 'Decyzje finansowe według rynku i kwoty',
      description: 'Wnioski o finansowanie według rynku i przedziału kwoty: przyjęte, odrzucone, by-pass.',
      headings: {
        by_market: 'Według rynku',
        market: 'Rynek',
        band: 'Przedział kwoty',
        applications: 'Wnioski',
        accepted: 'Zaakceptowane',
        declined: 'Odrzucone',
        by_pass: 'Ręczna weryfikacja',
        pending: 'Oczekujące',
        accepted_pct: 'Zaakceptowane (%)',
      },
    },
    pt: {
      title: 'Decisões de financiamento por mercado e montante',
      description: 'Pedidos de financiamento por mercado e escalão do montante: aceites, recusados, by-pass.',
      headings: {
        by_market: 'Por mercado',
        market: 'Mercado',
        band: 'Escalão de montante',
        applications: 'Pedidos',
        accepted: 'Aceites',
        declined: 'Recusadas',
        by_pass: 'Análise manual',
        pending: 'Pendentes',
        accepted_pct: 'Aceites (%)',
      },
    },
  },
  events: ['PurchaseStarted', 'FinanceApplied', 'FinanceDecided'],
  tables: {
    applications: {
      columns: {
        application_id: 'text',
        purchase_id: 'text',
        market: 'text',
        currency: 'text',
        amount: 'integer',
        band: 'text',
        decision: 'text',
      },
      key: ['application_id'],
    },
  },
  initial: () => ({ market: null, applications: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'PurchaseStarted':
        return { ...state, market: event.data.locale };
      case 'FinanceApplied':
        return {
          ...state,
          applications: {
            ...state.applications,
            [event.data.applicationId]: {
              amount: event.data.amount.amount,
              currency: event.data.amount.currency,
              decision: null,
            },
          },
        };
      case 'FinanceDecided': {
        const application = state.applications[event.data.applicationId];
        if (!application) return state;
        return {
          ...state,
          applications: {
            ...state.applications,
            [event.data.applicationId]: { ...application, decision: event.data.decision },
          },
        };
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  rows: (state, key) => ({
    applications: Object.entries(state.applications).map(([id, application]) => ({
      application_id: id,
      purchase_id: key.replace(/^purchase-/, ''),
      market: state.market,
      currency: application.currency,
      amount: application.amount,
      band: amountBand(application.amount),
      decision: application.decision ?? 'pending',
    })),
  }),
  views: {
    by_market: {
      columns: {
        market: 'text',
        band: 'text',
        applications: 'integer',
        accepted: 'integer',
        declined: 'integer',
        by_pass: 'integer',
        pending: 'integer',
        accepted_pct: 'float',
      },
      sql: ({ applications }) => `
        SELECT market, band, count(*) AS applications,
          count(*) FILTER (WHERE decision = 'accepted') AS accepted,
          count(*) FILTER (WHERE decision = 'declined') AS declined,
          count(*) FILTER (WHERE decision = 'by-pass') AS by_pass,
          count(*) FILTER (WHERE decision = 'pending') AS pending,
          round(100.0 * count(*) FILTER (WHERE decision = 'accepted')
            / nullif(count(*) FILTER (WHERE decision <> 'pending'), 0), 1)::float AS accepted_pct
        FROM ${applications} GROUP BY market, band
        ORDER BY market, array_position(ARRAY[${BANDS.map(([, band]) => `'${band}'`).join(', ')}]::text[], band)`,
      filters: ['market', 'band'],
      chart: { kind: 'bar', x: 'band', y: ['accepted', 'declined', 'by_pass'] },
    },
  },
});
