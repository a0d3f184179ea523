/** The blog's data: complete in every locale, URL-safe category slugs, pages of a fixed size. */
import { describe, expect, it } from 'vitest';
import { LOCALES, marketOf } from '../markets.ts';
import { generateUrl, matchUrl } from '../routes/index.ts';
import {
  BLOG_ARTICLES,
  BLOG_CATEGORIES,
  BLOG_CATEGORY_SLUGS,
  BLOG_PAGE_SIZE,
  blogCategoryBySlug,
  blogPage,
  blogText,
  latestBlogDate,
} from './blog.ts';

describe('the blog', () => {
  it.each(LOCALES)('%s has every article with a title, a summary and a body', (locale) => {
    for (const article of BLOG_ARTICLES) {
      const text = blogText(locale, article.slug);
      expect(text.title.length, `${locale} ${article.slug}`).toBeGreaterThan(10);
      expect(text.summary.length, `${locale} ${article.slug}`).toBeGreaterThan(40);
      expect(text.body.length, `${locale} ${article.slug}`).toBeGreaterThanOrEqual(3);
      for (const paragraph of text.body) expect(paragraph.trim().length).toBeGreaterThan(40);
    }
  });

  it('no language shows another language’s words (regional editions share their language’s)', () => {
    const language = (locale: (typeof LOCALES)[number]) => marketOf(locale).language.slice(0, 2);
    for (const a of LOCALES) {
      for (const b of LOCALES) {
        if (a >= b || language(a) === language(b)) continue;
        for (const article of BLOG_ARTICLES) {
          expect(blogText(a, article.slug).title, `${a}/${b} ${article.slug}`).not.toBe(
            blogText(b, article.slug).title,
          );
          expect(blogText(a, article.slug).body[0]).not.toBe(blogText(b, article.slug).body[0]);
        }
      }
    }
    // The regional editions carry their own rules where they differ.
    expect(blogText('at', 'service-and-warranty').body[1]).toContain('Pickerl');
    expect(blogText('fr-BE', 'service-and-warranty').body[1]).toContain('Belgique');
  });

  it('gives each category a slug per locale that the route table accepts and reads back', () => {
    for (const locale of LOCALES) {
      const slugs = BLOG_CATEGORIES.map((category) => BLOG_CATEGORY_SLUGS[category][locale]);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const category of BLOG_CATEGORIES) {
        const slug = BLOG_CATEGORY_SLUGS[category][locale];
        const path = generateUrl(`blog_list_category.${locale}`, { categorySlug: slug });
        expect(matchUrl(path)?.params.categorySlug).toBe(slug);
        expect(blogCategoryBySlug(locale, slug)).toBe(category);
      }
    }
    expect(blogCategoryBySlug('de', 'entretien')).toBeUndefined();
  });

  it('lists the articles newest first, in pages; a page beyond the last is none', () => {
    const dates = BLOG_ARTICLES.map((a) => a.published);
    expect(dates).toEqual([...dates].sort().reverse());
    const first = blogPage(1)!;
    expect(first.articles).toHaveLength(BLOG_PAGE_SIZE);
    expect(first.pages).toBe(Math.ceil(BLOG_ARTICLES.length / BLOG_PAGE_SIZE));
    expect(blogPage(first.pages)!.articles.length).toBeGreaterThan(0);
    expect(blogPage(first.pages + 1)).toBeUndefined();
    expect(blogPage(0)).toBeUndefined();
    const electric = blogPage(1, 'electric')!;
    expect(electric.articles.every((a) => a.category === 'electric')).toBe(true);
    expect(electric.total).toBe(BLOG_ARTICLES.filter((a) => a.category === 'electric').length);
    expect(blogPage(2, 'electric')).toBeUndefined();
    expect(latestBlogDate()).toBe(BLOG_ARTICLES[0]!.published);
    expect(latestBlogDate('maintenance')).toBe('2026-03-24');
  });
});
