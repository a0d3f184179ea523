/** The SEO content's words, French (Belgium). */
import type { SeoMessages } from './SeoMessages.ts';

export const frBESeo: SeoMessages = {
  seo: {
    linksTitle: 'Recherches populaires',
    more: 'Plus de liens : {{label}}',
    rangeBody: '{{name}} en détail',
  },
};
