/** The blog's data: complete in every locale, URL-safe category slugs, pages of a fixed size. */
import { describe, expect, it } from 'vitest';
import { LOCALES, marketOf } from '../markets.ts';
import { generateUrl, matchUrl } from '../routes/index.ts';
import {
  BLOG_PAGE_SIZE,
  type BlogArticleItem,
  type BlogCategoryItem,
  blogArticlesShown,
  blogMenu,
  blogPage,
  blogParagraphs,
} from './blog.ts';
import { BLOG_ARTICLES, BLOG_CATEGORIES, BLOG_CATEGORY_SLUGS, blogText } from './blogSeed.ts';

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
        const article = generateUrl(`blog_article.${locale}`, {
          categorySlug: slug,
          slug: 'ev-home-charging',
        });
        expect(matchUrl(article)).toMatchObject({ route: 'blog_article', params: { categorySlug: slug } });
      }
    }
  });

  describe('the lists of published items', () => {
    const category = (key: string, order: number): BlogCategoryItem => ({
      id: `ct_cat${key}`,
      key,
      slug: key,
      name: key,
      intro: '',
      order,
    });
    const article = (slug: string, key: string, publishedOn: string): BlogArticleItem => ({
      id: `ct_art${slug}`,
      slug,
      category: key,
      title: slug,
      summary: slug,
      body: 'One.\n\n  Two.  \n\n\nThree.',
      publishedOn,
      image: '',
      imageAlt: '',
    });
    const articles = [
      article('b', 'advice', '2026-01-02'),
      article('a', 'advice', '2026-03-01'),
      article('orphan', 'gone', '2026-05-01'),
      ...[1, 2, 3, 4].map((n) => article(`e${n}`, 'electric', `2025-0${n}-01`)),
    ];
    const shown = blogArticlesShown(articles, [category('electric', 2), category('advice', 1)]);

    it('shows the articles of published categories, newest first', () => {
      expect(shown.map((a) => a.slug)).toEqual(['a', 'b', 'e4', 'e3', 'e2', 'e1']);
    });

    it('orders the menu by order', () => {
      expect(blogMenu([category('electric', 2), category('advice', 1)]).map((c) => c.key)).toEqual([
        'advice',
        'electric',
      ]);
    });

    it('pages them; a page beyond the last is none; an empty list has its page 1', () => {
      expect(blogPage(shown, 1)).toMatchObject({ page: 1, pages: 2, total: 6 });
      expect(blogPage(shown, 1)!.articles).toHaveLength(BLOG_PAGE_SIZE);
      expect(blogPage(shown, 2)!.articles.map((a) => a.slug)).toEqual(['e2', 'e1']);
      expect(blogPage(shown, 3)).toBeUndefined();
      expect(blogPage(shown, 0)).toBeUndefined();
      expect(blogPage([], 1)).toMatchObject({ pages: 1, total: 0 });
    });

    it('reads the paragraphs parted by blank lines', () => {
      expect(blogParagraphs(articles[0]!.body)).toEqual(['One.', 'Two.', 'Three.']);
    });
  });
});
