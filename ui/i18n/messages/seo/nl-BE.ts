/** The SEO content's words, Dutch (Belgium). */
import type { SeoMessages } from './SeoMessages.ts';

export const nlBESeo: SeoMessages = {
  seo: {
    linksTitle: 'Populaire zoekopdrachten',
    more: 'Meer links: {{label}}',
    rangeBody: '{{name}} in detail',
  },
};
