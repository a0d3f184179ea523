/**
 * The blog as the storefront shows it (domain/content/README.md "The blog"): the rules of its lists on
 * the published content items (kinds `blog_category`, `blog_article`): the articles of a published
 * category, newest first, in pages of {@link BLOG_PAGE_SIZE}; an article's paragraphs. Its seed is
 * `blogSeed.ts`.
 */
import type { ContentFields } from './items/contentKinds.ts';

/** Articles per list page. */
export const BLOG_PAGE_SIZE = 4;

/** A published category in one locale. */
export type BlogCategoryItem = ContentFields<'blog_category'> & { readonly id: string };
/** A published article in one locale. */
export type BlogArticleItem = ContentFields<'blog_article'> & { readonly id: string };

/** The categories in menu order (then by name). */
export function blogMenu(categories: readonly BlogCategoryItem[]): BlogCategoryItem[] {
  return [...categories].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

/**
 * The articles the blog shows: those whose category is published in their locale (an article of an
 * unknown category has no URL), newest first (then by slug).
 */
export function blogArticlesShown(
  articles: readonly BlogArticleItem[],
  categories: readonly BlogCategoryItem[],
): BlogArticleItem[] {
  const keys = new Set(categories.map((c) => c.key));
  return articles
    .filter((a) => keys.has(a.category))
    .sort((a, b) => b.publishedOn.localeCompare(a.publishedOn) || a.slug.localeCompare(b.slug));
}

/** One page of a list. */
export interface BlogPage {
  readonly articles: readonly BlogArticleItem[];
  readonly page: number;
  readonly pages: number;
  readonly total: number;
}

/**
 * Page `page` (from 1) of `articles` (already filtered and ordered), or undefined when there is no such
 * page (page 0, beyond the last page; an empty list has its page 1, empty).
 */
export function blogPage(articles: readonly BlogArticleItem[], page: number): BlogPage | undefined {
  const pages = Math.max(1, Math.ceil(articles.length / BLOG_PAGE_SIZE));
  if (!Number.isInteger(page) || page < 1 || page > pages) return undefined;
  const start = (page - 1) * BLOG_PAGE_SIZE;
  return { articles: articles.slice(start, start + BLOG_PAGE_SIZE), page, pages, total: articles.length };
}

/** An article's paragraphs (blank lines part them in its body). */
export function blogParagraphs(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
