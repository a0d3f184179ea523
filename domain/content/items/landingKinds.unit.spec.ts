import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors.ts';
import {
  type ContentEvent,
  decideContentItem,
  evolveContentItem,
  initialContentItem,
} from './contentItem.ts';
import { CONTENT_FIELDS, languageSwitchId } from './contentKinds.ts';

const image = {
  photoId: '0123456789abcdef',
  width: 1440,
  height: 810,
  variants: [
    { width: 1440, height: 810, format: 'jpeg', key: 'content-images/0123456789abcdef/1440-jpeg', bytes: 9 },
  ],
};
const landing = {
  slug: 'offre-electrique-2027',
  title: 'Passez à l’électrique',
  intro: 'Nos offres du printemps.',
  body: 'Premier paragraphe.\n\nDeuxième.',
  dealerId: '',
  brand: '',
  pdf: '',
  heroImage: '',
};
const problemsOf = (kind: keyof typeof CONTENT_FIELDS, fields: unknown) => {
  const parsed = CONTENT_FIELDS[kind].safeParse(fields);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

describe('landing page fields', () => {
  it('given a page without dealer, brand, brochure or picture, then it is accepted as sent', () => {
    expect(CONTENT_FIELDS.landing_page.parse(landing)).toEqual(landing);
  });

  it('given a dealer id, a known brand, a brochure and a hero picture, then they are accepted', () => {
    const full = {
      ...landing,
      dealerId: '42',
      brand: 'ford',
      pdf: { fileId: 'fedcba9876543210', name: 'brochure 2027.pdf', bytes: 120_000 },
      heroImage: image,
    };
    expect(problemsOf('landing_page', full)).toEqual([]);
  });

  it.each([
    ['an upper-case slug', { slug: 'Offre' }, 'slug'],
    ['a slug with a space', { slug: 'offre electrique' }, 'slug'],
    ['a slug ending in a hyphen', { slug: 'offre-' }, 'slug'],
    ['a dealer that is not an id', { dealerId: 'paris' }, 'dealerId'],
    ['a brand the catalogue does not know', { brand: 'no-such-brand' }, 'brand'],
    ['a brochure over 10 MB', { pdf: { fileId: 'fedcba9876543210', name: 'a.pdf', bytes: 11e6 } }, 'pdf'],
    [
      'a brochure named with a path',
      { pdf: { fileId: 'fedcba9876543210', name: '../a.pdf', bytes: 9 } },
      'pdf',
    ],
    ['a picture without sizes', { heroImage: { ...image, variants: [] } }, 'heroImage'],
    ['an empty title', { title: ' ' }, 'title'],
  ])('given %s, then the field is refused', (_what, change, field) => {
    expect(problemsOf('landing_page', { ...landing, ...change }).map((p) => p.split('.')[0])).toContain(
      field,
    );
  });
});

describe('language-switch page fields', () => {
  const page = { number: 2, title: 'Deutschland und Österreich', locales: ['de', 'at'] };

  it('given a number, a heading and sites in order, then they are accepted in that order', () => {
    expect(CONTENT_FIELDS.language_switch_page.parse(page)).toEqual(page);
  });

  it.each([
    ['no site', { locales: [] }, 'locales'],
    ['a site twice', { locales: ['de', 'de'] }, 'locales'],
    ['a site that is not a market', { locales: ['en'] }, 'locales'],
    ['a number 0', { number: 0 }, 'number'],
    ['a number with a fraction', { number: 1.5 }, 'number'],
  ])('given %s, then the field is refused', (_what, change, field) => {
    expect(problemsOf('language_switch_page', { ...page, ...change }).map((p) => p.split('.')[0])).toContain(
      field,
    );
  });

  it('its id is made from the number and the locale', () => {
    expect(languageSwitchId(2, 'fr-BE')).toBe('ct_langswitch2frbe');
  });

  describe('given a page created with number 2', () => {
    const id = languageSwitchId(2, 'de');
    const state = [
      { type: 'ContentItemCreated', data: { id, kind: 'language_switch_page', locale: 'de' } },
      { type: 'ContentDraftSaved', data: { id, version: 1, fields: page } },
    ].reduce((s, e) => evolveContentItem(s, e as ContentEvent), initialContentItem);

    it('when saved with another heading, then a new version', () => {
      expect(
        decideContentItem(state, {
          type: 'save',
          fields: { ...page, title: 'Deutschland' },
          expectedVersion: 1,
        }),
      ).toHaveLength(1);
    });

    it('when saved with another number, then 400 on the number (it is the page’s address)', () => {
      try {
        decideContentItem(state, { type: 'save', fields: { ...page, number: 3 }, expectedVersion: 1 });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        expect(Object.keys((error as ValidationError).details.fields)).toEqual(['fields.number']);
      }
    });
  });
});

describe('banner and promotion pictures', () => {
  const banner = { title: 'T', text: 'x', linkUrl: '/fr', linkLabel: 'Go', order: 1 };

  it('given a banner saved before pictures, then it reads with no picture', () => {
    expect(CONTENT_FIELDS.homepage_banner.parse(banner).image).toBe('');
  });

  it('given a banner with a processed picture, then it keeps it', () => {
    expect(CONTENT_FIELDS.homepage_banner.parse({ ...banner, image }).image).toEqual(image);
  });

  it('given a promotion whose picture is a URL, then the picture is refused', () => {
    const promo = { ...banner, validUntil: '', image: 'https://example.test/a.jpg' };
    expect(problemsOf('promo', promo)).toContain('image');
  });
});
