/** The shape of a locale's SEO content words: the French reference's section. */
import type { Messages } from '../../Messages.ts';
import type { frSeo } from './fr.ts';

export type SeoMessages = Pick<Messages, keyof typeof frSeo>;
