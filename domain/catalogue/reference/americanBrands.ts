/** Reference data: the American brands (Ford, Tesla). */
import { defineModel } from './defineModel.ts';
import type { BrandReference } from './types.ts';

/** American brands with their current and recent European models. */
export const AMERICAN_BRANDS: readonly BrandReference[] = [
  {
    slug: 'ford',
    name: 'Ford',
    models: [
      defineModel({
        slug: 'fiesta',
        name: 'Fiesta',
        segment: 'city',
        bodies: ['hatchback'],
        years: [2017, 2023],
        newPriceEur: [19_000, 31_000],
        versions: [
          ['Trend 1.1 75', 'petrol', 55],
          ['Titanium 1.0 EcoBoost 100', 'petrol', 74],
          ['ST-Line 1.0 EcoBoost Hybrid 125', 'petrol', 92],
          ['ST 1.5 EcoBoost 200', 'petrol', 147],
        ],
      }),
      defineModel({
        slug: 'focus',
        name: 'Focus',
        segment: 'compact',
        bodies: ['hatchback', 'estate'],
        years: [2018, 2025],
        newPriceEur: [28_000, 43_000],
        versions: [
          ['Titanium 1.0 EcoBoost Hybrid 125', 'petrol', 92],
          ['ST-Line 1.5 EcoBlue 115', 'diesel', 85],
          ['ST-Line X 1.0 EcoBoost Hybrid 155 Powershift', 'petrol', 114],
          ['ST 2.3 EcoBoost 280', 'petrol', 206],
        ],
      }),
      defineModel({
        slug: 'puma',
        name: 'Puma',
        segment: 'suv',
        bodies: ['suv'],
        years: [2019, 2026],
        newPriceEur: [26_000, 39_000],
        versions: [
          ['Titanium 1.0 EcoBoost Hybrid 125', 'petrol', 92],
          ['ST-Line X 1.0 EcoBoost Hybrid 155 Powershift', 'petrol', 114],
          ['Gen-E 168', 'electric', 123],
          ['ST 1.5 EcoBoost 200', 'petrol', 147],
        ],
      }),
      defineModel({
        slug: 'kuga',
        name: 'Kuga',
        segment: 'suv',
        bodies: ['suv'],
        years: [2019, 2026],
        newPriceEur: [35_000, 49_000],
        versions: [
          ['Titanium 1.5 EcoBlue 120', 'diesel', 88],
          ['ST-Line 2.5 Full Hybrid 180', 'hybrid', 132],
          ['ST-Line X 2.5 Plug-in Hybrid 243', 'plug_in_hybrid', 179],
        ],
      }),
      defineModel({
        slug: 'mustang-mach-e',
        name: 'Mustang Mach-E',
        segment: 'suv',
        bodies: ['suv'],
        years: [2021, 2026],
        newPriceEur: [49_000, 72_000],
        versions: [
          ['Standard Range RWD', 'electric', 198],
          ['Extended Range RWD', 'electric', 216],
          ['Extended Range AWD', 'electric', 258],
          ['GT AWD', 'electric', 358],
        ],
      }),
      defineModel({
        slug: 'transit-custom',
        name: 'Transit Custom',
        segment: 'van',
        bodies: ['van'],
        years: [2018, 2026],
        newPriceEur: [38_000, 55_000],
        versions: [
          ['Trend 2.0 EcoBlue 136', 'diesel', 100],
          ['Limited 2.0 EcoBlue 170 AT', 'diesel', 125],
          ['E-Transit Custom 64 kWh', 'electric', 160],
        ],
      }),
      defineModel({
        slug: 'ranger',
        name: 'Ranger',
        segment: 'van',
        bodies: ['pickup'],
        years: [2019, 2026],
        newPriceEur: [40_000, 76_000],
        versions: [
          ['Double Cab XLT 2.0 EcoBlue 170', 'diesel', 125],
          ['Double Cab Wildtrak 2.0 EcoBlue 205 AT', 'diesel', 151],
          ['Double Cab Wildtrak 3.0 V6 EcoBlue 240 AT', 'diesel', 177],
          ['Raptor 3.0 EcoBoost V6 292 AT', 'petrol', 215],
        ],
      }),
    ],
  },
  {
    slug: 'tesla',
    name: 'Tesla',
    models: [
      defineModel({
        slug: 'model-3',
        name: 'Model 3',
        segment: 'executive',
        bodies: ['sedan'],
        years: [2019, 2026],
        newPriceEur: [40_000, 57_000],
        versions: [
          ['Rear-Wheel Drive', 'electric', 208],
          ['Long Range RWD', 'electric', 235],
          ['Long Range AWD', 'electric', 324],
          ['Performance AWD', 'electric', 460],
        ],
      }),
      defineModel({
        slug: 'model-y',
        name: 'Model Y',
        segment: 'suv',
        bodies: ['suv'],
        years: [2021, 2026],
        newPriceEur: [45_000, 62_000],
        versions: [
          ['Rear-Wheel Drive', 'electric', 220],
          ['Long Range AWD', 'electric', 378],
          ['Performance AWD', 'electric', 393],
        ],
      }),
      defineModel({
        slug: 'model-s',
        name: 'Model S',
        segment: 'luxury',
        bodies: ['sedan'],
        years: [2016, 2026],
        newPriceEur: [95_000, 115_000],
        versions: [
          ['Long Range 75D', 'electric', 386],
          ['Dual Motor AWD', 'electric', 493],
          ['Plaid', 'electric', 750],
        ],
      }),
      defineModel({
        slug: 'model-x',
        name: 'Model X',
        segment: 'luxury',
        bodies: ['suv'],
        years: [2016, 2026],
        newPriceEur: [100_000, 122_000],
        versions: [
          ['Long Range 100D', 'electric', 386],
          ['Dual Motor AWD', 'electric', 493],
          ['Plaid', 'electric', 750],
        ],
      }),
    ],
  },
];
