/** The SEO content's words, German (Austria). */
import type { SeoMessages } from './SeoMessages.ts';

export const atSeo: SeoMessages = {
  seo: {
    linksTitle: 'Beliebte Suchen',
    more: 'Weitere Links: {{label}}',
    rangeBody: '{{name}} im Detail',
  },
};
