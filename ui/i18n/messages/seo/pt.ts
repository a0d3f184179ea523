/** The SEO content's words, Portuguese. */
import type { SeoMessages } from './SeoMessages.ts';

export const ptSeo: SeoMessages = {
  seo: {
    linksTitle: 'Pesquisas populares',
    more: 'Mais ligações: {{label}}',
    rangeBody: '{{name}} em detalhe',
  },
};
