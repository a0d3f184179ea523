/** The SEO content's words, Italian. */
import type { SeoMessages } from './SeoMessages.ts';

export const itSeo: SeoMessages = {
  seo: {
    linksTitle: 'Ricerche popolari',
    more: 'Altri link: {{label}}',
    rangeBody: '{{name}} nel dettaglio',
  },
};
