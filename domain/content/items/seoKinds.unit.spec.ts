import { describe, expect, it } from 'vitest';
import { contentFieldProblems } from './contentItem.ts';
import { uniqueKeyOf } from './contentKinds.ts';
import { readFooterLinks } from './footerLinks.ts';
import { readFacetPath, suggestRangeSlug } from './seoKinds.ts';

const range = { brand: 'toyota', slug: 'yaris', title: 'Toyota Yaris', intro: 'Mała.', body: 'Długi tekst.' };
const facet = {
  path: '/pl/kup/bmw/diesel',
  title: 'BMW diesel',
  description: 'Używane BMW z silnikiem diesla.',
  h1: 'Używane BMW diesel',
  intro: 'Wybierz.',
  indexable: 'yes',
};

describe('the SEO kinds', () => {
  describe('range', () => {
    it('takes a known brand and one of its models as the slug', () => {
      expect(contentFieldProblems('range', range, 'pl').problems).toEqual({});
    });
    it('refuses an unknown brand, a model of another brand, a slug not in slug form', () => {
      expect(contentFieldProblems('range', { ...range, brand: 'nobrand' }, 'pl').problems).toHaveProperty(
        'fields.brand',
      );
      expect(contentFieldProblems('range', { ...range, slug: 'golf' }, 'pl').problems).toEqual({
        'fields.slug': ['not a model of this brand'],
      });
      expect(contentFieldProblems('range', { ...range, slug: 'Yaris Cross' }, 'pl').problems).toHaveProperty(
        'fields.slug',
      );
    });
    it('suggests as its slug the longest model of the brand its title names', () => {
      expect(suggestRangeSlug('toyota', 'toyota-yaris-cross-hybryda')).toBe('yaris-cross');
      expect(suggestRangeSlug('toyota', 'nowa-yaris')).toBe('yaris');
      expect(suggestRangeSlug('toyota', 'miejska-hybryda')).toBe('miejska-hybryda');
      expect(suggestRangeSlug('nobrand', 'yaris')).toBe('yaris');
    });
    it('is unique by brand and slug', () => {
      expect(uniqueKeyOf('range', range)).toEqual({ key: 'toyota/yaris', field: 'slug' });
    });
  });

  describe('facet', () => {
    it('takes a list page of the item’s language, facets in the site’s order', () => {
      expect(contentFieldProblems('facet', facet, 'pl').problems).toEqual({});
      expect(readFacetPath('/pl/kup-nowy/bmw', 'pl')).toMatchObject({
        condition: 'new',
        filters: { brand: 'bmw' },
      });
    });
    it('refuses another language’s path, another order, an unknown facet, a page that is not a list', () => {
      const problem = (path: string) => contentFieldProblems('facet', { ...facet, path }, 'pl').problems;
      expect(problem('/de/kaufen/bmw/diesel')['fields.path']?.[0]).toContain('/pl/');
      expect(problem('/pl/kup/diesel/bmw')['fields.path']?.[0]).toContain('bmw/diesel');
      expect(problem('/pl/kup/bmw/nothing')['fields.path']?.[0]).toContain('unknown');
      expect(problem('/pl/blog')['fields.path']?.[0]).toContain('not the path of a list');
      expect(contentFieldProblems('facet', { ...facet, indexable: 'maybe' }, 'pl').problems).toHaveProperty(
        'fields.indexable',
      );
    });
    it('is unique by its path', () => {
      expect(uniqueKeyOf('facet', facet)).toEqual({ key: '/pl/kup/bmw/diesel', field: 'path' });
    });
  });

  describe('link_facet', () => {
    const links = 'Marki\nBMW | /pl/kup/bmw\nToyota | /pl/kup/toyota\n\nPaliwo\nDiesel | /pl/kup/diesel';
    it('reads groups of "label | path" lines parted by blank lines', () => {
      expect(readFooterLinks(links)).toEqual({
        groups: [
          {
            title: 'Marki',
            links: [
              { label: 'BMW', path: '/pl/kup/bmw' },
              { label: 'Toyota', path: '/pl/kup/toyota' },
            ],
          },
          { title: 'Paliwo', links: [{ label: 'Diesel', path: '/pl/kup/diesel' }] },
        ],
        problems: [],
      });
      expect(contentFieldProblems('link_facet', { links }, 'pl').problems).toEqual({});
    });
    it('says by line what is wrong: a link before any title, a group without links, a path of another site', () => {
      expect(readFooterLinks('BMW | /pl/kup/bmw').problems).toEqual([
        "line 1: a link needs its group's title on the line above",
      ]);
      expect(readFooterLinks('Marki').problems).toEqual(['the group "Marki" has no link (label | path)']);
      expect(
        contentFieldProblems('link_facet', { links: 'Marki\nBMW | /de/kaufen/bmw' }, 'pl').problems,
      ).toEqual({
        'fields.links': ["/de/kaufen/bmw: a path of this language's site (/pl/…)"],
      });
    });
  });

  it('gives the CMS core’s uniqueness to any kind with a slug field, none to the others', () => {
    expect(uniqueKeyOf('faq', { question: 'x' })).toBeNull();
    expect(uniqueKeyOf('seo_promo', { title: 'x', body: 'y' })).toBeNull();
  });
});
