/** The funnels a buyer goes through (README beside this file): their streams, ids and holds say which. */
export const FUNNEL_KINDS = ['purchase', 'booking'] as const;
export type FunnelKind = (typeof FUNNEL_KINDS)[number];
