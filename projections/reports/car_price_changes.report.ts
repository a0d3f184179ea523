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
  headings: {
    by_brand: 'By brand',
    brand: 'Brand',
    price_changes: 'Price changes',
    cars: 'Cars sold',
    median_days: 'Median days to sell',
    avg_days: 'Average days to sell',
    avg_change_pct: 'Average price change (%)',
  },
  labels: {
    fr: {
      title: 'Changements de prix et délai de vente',
      description:
        'Voitures vendues par marque, selon le nombre de changements de prix : les jours qu’il leur a fallu pour se vendre.',
      headings: {
        by_brand: 'Par marque',
        brand: 'Marque',
        price_changes: 'Changements de prix',
        cars: 'Voitures vendues',
        median_days: 'Délai de vente médian (jours)',
        avg_days: 'Délai de vente moyen (jours)',
        avg_change_pct: 'Variation de prix moyenne (%)',
      },
    },
    de: {
      title: 'Preisänderungen und Verkaufsdauer',
      description: 'Verkaufte Autos je Marke nach Zahl der Preisänderungen: die Tage bis zum Verkauf.',
      headings: {
        by_brand: 'Nach Marke',
        brand: 'Marke',
        price_changes: 'Preisänderungen',
        cars: 'Verkaufte Autos',
        median_days: 'Tage bis zum Verkauf (Median)',
        avg_days: 'Tage bis zum Verkauf (Durchschnitt)',
        avg_change_pct: 'Durchschnittliche Preisänderung (%)',
      },
    },
    es: {
      title: 'Cambios de precio y días hasta la venta',
      description:
        'Coches vendidos por marca, según cuántas veces cambió su precio: los días que tardaron en venderse.',
      headings: {
        by_brand: 'Por marca',
        brand: 'Marca',
        price_changes: 'Cambios de precio',
        cars: 'Coches vendidos',
        median_days: 'Días hasta la venta (mediana)',
        avg_days: 'Días hasta la venta (media)',
        avg_change_pct: 'Cambio de precio medio (%)',
      },
    },
    it: {
      title: 'Cambi di prezzo e giorni alla vendita',
      description:
        'Auto vendute per marca, secondo quante volte è cambiato il prezzo: i giorni che hanno impiegato a vendersi.',
      headings: {
        by_brand: 'Per marca',
        brand: 'Marca',
        price_changes: 'Cambi di prezzo',
        cars: 'Auto vendute',
        median_days: 'Giorni alla vendita (mediana)',
        avg_days: 'Giorni alla vendita (media)',
        avg_change_pct: 'Variazione di prezzo media (%)',
      },
    },
    'nl-BE': {
      title: 'Prijswijzigingen en verkoopduur',
      description: 'Verkochte auto’s per merk, volgens het aantal prijswijzigingen: de dagen tot de verkoop.',
      headings: {
        by_brand: 'Per merk',
        brand: 'Merk',
        price_changes: 'Prijswijzigingen',
        cars: 'Verkochte auto’s',
        median_days: 'Dagen tot verkoop (mediaan)',
        avg_days: 'Dagen tot verkoop (gemiddeld)',
        avg_change_pct: 'Gemiddelde prijswijziging (%)',
      },
    },
    pl: {
      title: 'Zmiany ceny a czas sprzedaży',
      description: 'Sprzedane auta według marki i liczby zmian ceny: dni do sprzedaży.',
      headings: {
        by_brand: 'Według marki',
        brand: 'Marka',
        price_changes: 'Zmiany ceny',
        cars: 'Sprzedane auta',
        median_days: 'Dni do sprzedaży (mediana)',
        avg_days: 'Dni do sprzedaży (średnia)',
        avg_change_pct: 'Średnia zmiana ceny (%)',
      },
    },
    pt: {
      title: 'Alterações de preço e dias até à venda',
      description:
        'Carros vendidos por marca, segundo quantas vezes o preço mudou: os dias que levaram a vender.',
      headings: {
        by_brand: 'Por marca',
        brand: 'Marca',
        price_changes: 'Alterações de preço',
        cars: 'Carros vendidos',
        median_days: 'Dias até à venda (mediana)',
        avg_days: 'Dias até à venda (média)',
        avg_change_pct: 'Alteração média de preço (%)',
      },
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
