/** Every projection the app runs. Add new read models here; the runner builds them on start. */

import { catalogueProjection } from './catalogue/catalogueProjection.ts';
import { stockImportsProjection } from './catalogue/stockImportsProjection.ts';
import { customersProjection } from './customers/customersProjection.ts';
import type { Projection } from './defineProjection.ts';
import { eventTypeStats } from './eventTypeStats.ts';
import { FUNNEL_PROJECTIONS } from './funnels/funnelReadModels.ts';
import { carPhotosProjection } from './media/carPhotosProjection.ts';

export const PROJECTIONS: readonly Projection[] = [
  eventTypeStats,
  catalogueProjection,
  stockImportsProjection,
  ...FUNNEL_PROJECTIONS,
  customersProjection,
  carPhotosProjection,
];
