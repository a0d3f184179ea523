/** The SEO content's words, German. */
import type { SeoMessages } from './SeoMessages.ts';

export const deSeo: SeoMessages = {
  seo: {
    linksTitle: 'Beliebte Suchen',
    more: 'Weitere Links: {{label}}',
    rangeBody: '{{name}} im Detail',
  },
};
