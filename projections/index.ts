/** Every projection the app runs. Add new read models here; the runner builds them on start. */

import { appointmentsProjection } from './appointments/appointmentsProjection.ts';
import { catalogueProjection } from './catalogue/catalogueProjection.ts';
import { stockImportsProjection } from './catalogue/stockImportsProjection.ts';
import { blogRatingsProjection } from './content/blogRatingsProjection.ts';
import { contentItemsProjection } from './content/contentItemsProjection.ts';
import { landingPageLeadsProjection } from './content/landingPageLeadsProjection.ts';
import { translationOverridesProjection } from './content/translationOverridesProjection.ts';
import { customersProjection } from './customers/customersProjection.ts';
import type { Projection } from './defineProjection.ts';
import { eventTypeStats } from './eventTypeStats.ts';
import { FUNNEL_PROJECTIONS } from './funnels/funnelReadModels.ts';
import { leadsProjection } from './leads/leadsProjection.ts';
import { carPhotosProjection } from './media/carPhotosProjection.ts';
import { REPORT_PROJECTIONS } from './reports/reportCatalog.ts';
import { valuationsProjection } from './valuations/valuationsProjection.ts';

export const PROJECTIONS: readonly Projection[] = [
  eventTypeStats,
  catalogueProjection,
  stockImportsProjection,
  ...FUNNEL_PROJECTIONS,
  customersProjection,
  translationOverridesProjection,
  contentItemsProjection,
  blogRatingsProjection,
  valuationsProjection,
  leadsProjection,
  appointmentsProjection,
  carPhotosProjection,
  landingPageLeadsProjection,
  // The analysts' reports, one file each in reports/ (reports/README.md).
  ...REPORT_PROJECTIONS,
];
