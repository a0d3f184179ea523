/** The blog's two content kinds: their fields' shapes (domain/content/README.md "The blog"). */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors.ts';
import { checkContentFields } from './contentItem.ts';

const fieldsRefused = (kind: 'blog_category' | 'blog_article', fields: unknown) => {
  try {
    checkContentFields(kind, fields);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return Object.keys((error as ValidationError).details.fields);
  }
  return [];
};

describe('blog content kinds', () => {
  const category = { key: 'maintenance', slug: 'entretien', name: 'Entretien', intro: '', order: 3 };
  const article = {
    slug: 'tyres-all-seasons',
    category: 'maintenance',
    title: 'Pneus toutes saisons',
    summary: 'Quand changer de pneus.',
    body: 'Premier.\n\nSecond.',
    publishedOn: '2026-03-24',
  };

  describe('a category', () => {
    it('takes a key, a slug, a name and an order; the intro may be left out', () => {
      const { intro: _, ...withoutIntro } = category;
      expect(checkContentFields('blog_category', withoutIntro)).toEqual(category);
    });

    it.each(['with space', 'accentué', 'a/b', ''])(
      'refuses the slug %j (SPEC: word characters or hyphens)',
      (slug) => {
        expect(fieldsRefused('blog_category', { ...category, slug })).toEqual(['fields.slug']);
      },
    );

    it.each(['categorie', 'kategorie', 'saveContentNote'])('refuses the reserved slug %s', (slug) => {
      expect(fieldsRefused('blog_category', { ...category, slug })).toEqual(['fields.slug']);
    });

    it('refuses a key with capitals', () => {
      expect(fieldsRefused('blog_category', { ...category, key: 'Maintenance' })).toEqual(['fields.key']);
    });
  });

  describe('an article', () => {
    it('takes its fields; a body given as paragraphs is kept as text, blank lines parting them', () => {
      expect(checkContentFields('blog_article', { ...article, body: ['Premier.', 'Second.'] })).toEqual({
        ...article,
        image: '',
        imageAlt: '',
      });
    });

    it('takes an uploaded content image, refuses anything else there', () => {
      const image = {
        image: {
          photoId: '3fa9c0e1b2d4f6a8',
          width: 1080,
          height: 720,
          variants: [
            {
              width: 640,
              height: 427,
              format: 'jpeg',
              key: 'content-images/3fa9c0e1b2d4f6a8/640-jpeg',
              bytes: 41_000,
            },
          ],
        },
        imageAlt: 'Un pneu hiver',
      };
      expect(checkContentFields('blog_article', { ...article, ...image })).toEqual({ ...article, ...image });
      expect(fieldsRefused('blog_article', { ...article, image: 'http://x/y.jpg' })).toEqual([
        'fields.image',
      ]);
    });

    it('reads a version saved with the former `imageId`: dropped, no picture', () => {
      const old = { ...article, imageId: '3fa9c0e1b2d4f6a8-1080x720', imageAlt: 'Un pneu hiver' };
      expect(checkContentFields('blog_article', old)).toEqual({
        ...article,
        image: '',
        imageAlt: 'Un pneu hiver',
      });
    });

    it('refuses a bad slug, a missing title and a date that is not one, by field', () => {
      expect(
        fieldsRefused('blog_article', {
          ...article,
          slug: 'a b',
          title: ' ',
          publishedOn: '24/03/2026',
        }).sort(),
      ).toEqual(['fields.publishedOn', 'fields.slug', 'fields.title']);
    });
  });
});
