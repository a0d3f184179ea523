/** The route table and URL functions (see README.md). */

export type { HttpMethod, RouteDefinition, RouteKind } from './defineRoute.ts';
export { generateUrl, type RouteParams } from './generateUrl.ts';
export { matchUrl, type RouteMatch } from './matchUrl.ts';
export {
  FINANCE_DECISIONS,
  type FinanceDecision,
  type ParamRule,
  PURCHASE_STEPS,
  type PurchaseStep,
} from './paramRules.ts';
export { RouteError } from './RouteError.ts';
export {
  isRouteBaseName,
  parseRouteName,
  ROUTES,
  type RouteBaseName,
  type RouteName,
  routeName,
  routeNames,
} from './routes.ts';
export { buyingPrefix, dealersSegment, newCarsPrefix, SEGMENTS, type SegmentKey } from './segments.ts';
