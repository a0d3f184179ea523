/**
 * Price changes against days to sell, per brand: one row per sold car (how often its price changed
 * while listed, by how much in all, and the days from listing to sale); the view groups the cars of a
 * brand by their number of price changes. How reports work: projections/reports/README.md.
 */
import type { CatalogueEvent } from '../../domain/catalogue/events.ts';
import { defineReport } from './defineReport.ts';

type CarEvent = Extract<CatalogueEvent, { type: 'CarListed' | 'CarPriceChanged' | 'CarSold' }>;

type State = {
  brand: string | null;
  listedAt: string | null;
  firstPrice: number | null;
  changes: number;
  lastPrice: number | null;
  soldAt: string | null;
};

const DAY = 86_400_000;

export default defineReport<State, CarEvent, 'cars'>({
  name: 'car_price_changes',
  version: 1,
  title: 'Price changes against days to sell',
  description: 'Sold cars per brand, by how many times their price changed: the days they took to sell.',
  labels: {
    fr: {
      title: 'Changements de prix et délai de vente',
      description:
        'Voitures vendues par marque, selon le nombre de changements de prix : les jours qu’il leur a fallu pour se vendre.',
    },
    de: {
      title: 'Preisänderungen und Verkaufsdauer',
      description: 'Verkaufte Autos je Marke nach Zahl der Preisänderungen: die Tage bis zum Verkauf.',
    },
    es: {
      title: 'Cambios de precio y días hasta la venta',
      description:
        'Coches vendidos por marca, según cuántas veces cambió su precio: los días que tardaron en venderse.',
    },
    it: {
      title: 'Cambi di prezzo e giorni alla vendita',
      description:
        'Auto vendute per marca, secondo quante volte è cambiato il prezzo: i giorni che hanno impiegato a vendersi.',
    },
    'nl-BE': {
      title: 'Prijswijzigingen en verkoopduur',
      description: 'Verkochte auto’s per merk, volgens het aantal prijswijzigingen: de dagen tot de verkoop.',
    },
    pl: {
      title: 'Zmiany ceny a czas sprzedaży',
      description: 'Sprzedane auta według marki i liczby zmian ceny: dni do sprzedaży.',
    },
    pt: {
      title: 'Alterações de preço e dias até à venda',
      description:
        'Carros vendidos por marca, segundo quantas vezes o preço mudou: os dias que levaram a vender.',
    },
  },
  events: ['CarListed', 'CarPriceChanged', 'CarSold'],
  tables: {
    cars: {
      columns: {
        car_id: 'text',
        brand: 'text',
        price_changes: 'integer',
        price_change_pct: 'float',
        days_to_sell: 'float',
        sold_at: 'timestamp',
      },
      key: ['car_id'],
    },
  },
  initial: () => ({
    brand: null,
    listedAt: null,
    firstPrice: null,
    changes: 0,
    lastPrice: null,
    soldAt: null,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'CarListed':
        // A car listed again (after a withdrawal) starts a new listing.
        return {
          brand: event.data.car.brand,
          listedAt: event.created.toISOString(),
          firstPrice: event.data.car.price.amount,
          changes: 0,
          lastPrice: event.data.car.price.amount,
          soldAt: null,
        };
      case 'CarPriceChanged':
        return state.soldAt
          ? state
          : { ...state, changes: state.changes + 1, lastPrice: event.data.price.amount };
      case 'CarSold':
        return { ...state, soldAt: event.data.at ?? event.created.toISOString() };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  rows: (state, key) =>
    state.soldAt && state.listedAt && state.brand
      ? {
          cars: [
            {
              car_id: key.replace(/^car-/, ''),
              brand: state.brand,
              price_changes: state.changes,
              price_change_pct:
                state.firstPrice && state.lastPrice !== null
                  ? Math.round(((state.lastPrice - state.firstPrice) / state.firstPrice) * 1000) / 10
                  : 0,
              days_to_sell:
                Math.round(((Date.parse(state.soldAt) - Date.parse(state.listedAt)) / DAY) * 10) / 10,
              sold_at: state.soldAt,
            },
          ],
        }
      : {},
  views: {
    by_brand: {
      columns: {
        brand: 'text',
        price_changes: 'integer',
        cars: 'integer',
        median_days: 'float',
        avg_days: 'float',
        avg_change_pct: 'float',
      },
      sql: ({ cars }) => `
        SELECT brand, price_changes, count(*) AS cars,
          round(percentile_cont(0.5) WITHIN GROUP (ORDER BY days_to_sell)::numeric, 1)::float AS median_days,
          round(avg(days_to_sell)::numeric, 1)::float AS avg_days,
          round(avg(price_change_pct)::numeric, 1)::float AS avg_change_pct
        FROM ${cars} GROUP BY brand, price_changes ORDER BY brand, price_changes`,
      filters: ['brand'],
      chart: { kind: 'line', x: 'price_changes', y: ['median_days'], series: 'brand' },
    },
  },
});
