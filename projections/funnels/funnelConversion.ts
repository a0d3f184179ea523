/**
 * Conversion per funnel step, from the statistics' entries (funnelStatisticsProjection.ts): the share of
 * a step's entries that the step(s) a buyer goes on to received. Steps are skipped (a signed-in buyer
 * has no account steps, a free booking no deposit), so a share may pass 100 %.
 */
import type { StepCounts } from './funnelStatisticsQueries.ts';
import type { Funnel } from './funnelSteps.ts';

/** Where a buyer goes on to from each step (a step absent here, an outcome, has no share). */
export const NEXT_STEPS: Readonly<Record<Funnel, Readonly<Record<string, readonly string[]>>>> = {
  purchase: {
    'my-account': ['sign-in-sign-up'],
    'sign-in-sign-up': ['sign-in', 'sign-up'],
    'sign-in': ['my-infos'],
    'sign-up': ['my-infos'],
    'my-infos': ['delivery'],
    delivery: ['recovery'],
    recovery: ['insurance'],
    insurance: ['additional-optional'],
    'additional-optional': ['funding'],
    funding: ['advance-payment'],
    'advance-payment': ['confirmed'],
    'payment-failed': ['confirmed'],
  },
  // A deposit is paid between holding and confirmed where the market asks for one.
  booking: {
    'contact-check': ['holding'],
    holding: ['confirmed'],
    'awaiting-deposit': ['paying'],
    paying: ['confirmed'],
    'payment-ko': ['paying'],
    confirmed: ['converted'],
  },
};

export interface StepConversion extends StepCounts {
  /** Entries of the next step(s) over this step's entries; null for an outcome or a step nobody entered. */
  readonly reachedNext: number | null;
}

/** The steps with the share of each that reached the next one, in the order given. */
export function stepConversion(funnel: Funnel, steps: readonly StepCounts[]): StepConversion[] {
  const entries = new Map(steps.map((s) => [s.step, s.entries]));
  return steps.map((s) => {
    const next = NEXT_STEPS[funnel][s.step];
    if (!next || s.entries === 0) return { ...s, reachedNext: null };
    const reached = next.reduce((sum, step) => sum + (entries.get(step) ?? 0), 0);
    return { ...s, reachedNext: reached / s.entries };
  });
}
