/**
 * Route parameter rules (SPEC §5). A rule is a regular-expression fragment used both to build a route's
 * matcher and to validate values given to `generateUrl`, plus an optional extra check and default.
 * Every rule only admits URL-safe ASCII, so values are never percent-encoded.
 */
import { LOCALES } from '../markets.ts';
import { escapeRegExp } from './escapeRegExp.ts';

/** The purchase funnel's steps, in SPEC order (§2, §4): the allowed values of the `step` parameter. */
export const PURCHASE_STEPS = [
  'my-account',
  'sign-in-sign-up',
  'sign-in',
  'sign-up',
  'my-infos',
  'delivery',
  'recovery',
  'insurance',
  'additional-optional',
  'funding',
  'advance-payment',
] as const;

/** One purchase step. */
export type PurchaseStep = (typeof PURCHASE_STEPS)[number];

/** A finance offer decision (SPEC §4): the allowed values of the `validate` parameter. */
export const FINANCE_DECISIONS = ['accepted', 'declined', 'by-pass'] as const;

/** One finance offer decision. */
export type FinanceDecision = (typeof FINANCE_DECISIONS)[number];

/** How one route parameter is matched, validated and defaulted. */
export interface ParamRule {
  /** Regular-expression source without anchors or capturing groups. */
  readonly pattern: string;
  /** What the value must be, for error messages ("digits", "one of: …"). */
  readonly describe: string;
  /** An extra condition a pattern cannot say simply (e.g. nameHub must not end in `-digits`). */
  readonly check?: (value: string) => boolean;
  /** Value assumed when the parameter is omitted (both when generating and when matching). */
  readonly default?: string;
  /**
   * Leave the parameter out of generated URLs when it equals its default (canonical URLs: `/fr/blog`, not
   * `/fr/blog/1`). Only meaningful for a parameter inside an optional `{…}` part.
   */
  readonly omitDefault?: boolean;
}

// Longest first, so that `sign-in-sign-up` is tried before `sign-in` (anchoring would fix it anyway).
const oneOf = (values: readonly string[]): string =>
  `(?:${[...values]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})`;

const SLUG_PATTERN = '[\\w-]+';

/** Digits: ids, idApi of dealers, pages, bookingId. */
export const DIGITS: ParamRule = { pattern: '\\d+', describe: 'digits' };

/** A slug: ASCII word characters (letters, digits, underscore) and hyphens. */
export const SLUG: ParamRule = { pattern: SLUG_PATTERN, describe: 'word characters or hyphens' };

/** A dealer slug: slug segments separated by single slashes (`paris/rue-de-rivoli`). */
export const DEALER_SLUG: ParamRule = {
  pattern: `${SLUG_PATTERN}(?:/${SLUG_PATTERN})*`,
  describe: 'word characters or hyphens, in parts separated by single slashes',
};

/** A list facet (brand, model, fuel, …): lowercase letters and digits in hyphen-separated words. */
export const FACET: ParamRule = {
  pattern: '[a-z0-9]+(?:-[a-z0-9]+)*',
  describe: 'lowercase letters or digits, in words separated by single hyphens',
};

/** A page number: digits, default 1, left out of URLs when 1. */
export const PAGE: ParamRule = { pattern: '\\d+', describe: 'digits', default: '1', omitDefault: true };

/** A booking id: digits, default 0, always written in URLs (the SPEC's path shows it). */
export const BOOKING_ID: ParamRule = { pattern: '\\d+', describe: 'digits', default: '0' };

/** A purchase step. */
export const STEP: ParamRule = {
  pattern: oneOf(PURCHASE_STEPS),
  describe: `one of: ${PURCHASE_STEPS.join(', ')}`,
};

/** A finance offer decision. */
export const VALIDATE: ParamRule = {
  pattern: oneOf(FINANCE_DECISIONS),
  describe: `one of: ${FINANCE_DECISIONS.join(', ')}`,
};

/** A locale (as a parameter, not as the route's own prefix). */
export const LOCALE: ParamRule = { pattern: oneOf(LOCALES), describe: `one of: ${LOCALES.join(', ')}` };

/**
 * A dealer hub name: one slug segment not ending in a hyphen plus digits, so a hub can never be read as a
 * dealer detail (`{slug}-{idApi}`) nor the other way round.
 */
export const NAME_HUB: ParamRule = {
  pattern: SLUG_PATTERN,
  describe: 'word characters or hyphens, not ending in a hyphen followed by digits',
  check: (value) => !/-\d+$/.test(value),
};

/** A month of imports: `YYYY-MM`. */
export const YEAR_MONTH: ParamRule = { pattern: '\\d{4}-(?:0[1-9]|1[0-2])', describe: 'a month as YYYY-MM' };

/**
 * A translation domain or key (`messages`, `home.banner.title`): word characters, dots and hyphens, but
 * not dots alone (`.` and `..` are path segments that URL parsers resolve away).
 */
export const TRANSLATION_NAME: ParamRule = {
  pattern: '[\\w.-]+',
  describe: 'word characters, dots or hyphens, not only dots',
  check: (value) => !/^\.+$/.test(value),
};

// Anchored matchers, built once per rule.
const anchored = new WeakMap<ParamRule, RegExp>();

/** Whether a whole value follows a rule (its pattern and its extra check). */
export function followsRule(rule: ParamRule, value: string): boolean {
  let regex = anchored.get(rule);
  if (regex === undefined) {
    regex = new RegExp(`^(?:${rule.pattern})$`);
    anchored.set(rule, regex);
  }
  return regex.test(value) && (rule.check?.(value) ?? true);
}
