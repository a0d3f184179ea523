/**
 * The lead forms' fixed fields, apart from their zod schemas (leadForm.ts): the storefront's form needs
 * these two names, not zod.
 */

/** The version of the consent text the lead forms show (ui/pages/leads messages): recorded with each lead. */
export const LEAD_CONSENT_VERSION = 'lead-consent-2026-11';

/** The honeypot: a field people never see nor fill; a bot filling it is thanked and nothing is stored. */
export const HONEYPOT_FIELD = 'website';
