/** The back office's words of the SEO content kinds and the CMS core's checks, Portuguese. */
import type { SeoAdminMessages } from './fr.ts';

export const ptSeoAdmin: SeoAdminMessages = {
  kinds: {
    range: 'Gamas (páginas de marca e modelo)',
    facet: 'Páginas de filtros',
    seo_promo: 'Texto SEO das promoções',
    link_facet: 'Ligações SEO do rodapé',
  },
  fields: {
    brand: 'Marca (slug, p. ex. toyota)',
    slug: 'Slug (o modelo no URL, p. ex. yaris)',
    intro: 'Introdução',
    path: 'Caminho da página (p. ex. /pt/comprar/bmw/diesel)',
    description: 'Descrição para os motores de busca',
    h1: 'Título da página (h1)',
    indexable: 'Indexada pelos motores de busca',
    links: 'Ligações: um grupo por bloco, o seu título e depois «texto | caminho» por linha',
  },
  yesNo: { yes: 'Sim', no: 'Não' },
  free: 'Disponível.',
  checking: 'A verificar…',
  checkTitle: 'Verificar a página',
  checkRun: 'Verificar',
  rangeOk: 'Página {{page}}: {{used}} carros usados e {{new}} novos.',
  rangeUnknown: 'Marca ou modelo desconhecido no catálogo.',
  facetOk: 'Página {{path}}: {{count}} carros.',
  facetInvalid: 'Caminho recusado: {{problem}}',
  openPage: 'Abrir a página',
};
