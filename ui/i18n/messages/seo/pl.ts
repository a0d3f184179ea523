/** The SEO content's words, Polish. */
import type { SeoMessages } from './SeoMessages.ts';

export const plSeo: SeoMessages = {
  seo: {
    linksTitle: 'Popularne wyszukiwania',
    more: 'Więcej linków: {{label}}',
    rangeBody: '{{name}} w szczegółach',
  },
};
