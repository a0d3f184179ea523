/** French (France) words of the SEO content (domain/content/README.md "SEO content"): part of the reference `../fr.ts`. */
export const frSeo = {
  seo: {
    linksTitle: 'Recherches populaires',
    more: 'Plus de liens : {{label}}',
    rangeBody: '{{name}} en détail',
  },
};
