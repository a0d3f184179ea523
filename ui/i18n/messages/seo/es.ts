/** The SEO content's words, Spanish. */
import type { SeoMessages } from './SeoMessages.ts';

export const esSeo: SeoMessages = {
  seo: {
    linksTitle: 'Búsquedas populares',
    more: 'Más enlaces: {{label}}',
    rangeBody: '{{name}} en detalle',
  },
};
