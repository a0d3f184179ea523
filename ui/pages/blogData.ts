/**
 * What the blog's pages read (domain/content/README.md "The blog"): its published categories and
 * articles of a locale (content items, with a staff member's draft when previewing), an article's
 * ratings, and their URLs.
 */
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  type BlogArticleItem,
  type BlogCategoryItem,
  blogArticlesShown,
  blogMenu,
} from '../../domain/content/blog.ts';
import type { Locale } from '../../domain/markets.ts';
import { apiOf } from '../api/createQueryClient.ts';
import { contentQuery } from '../api/queries.ts';
import { useOptionalQuery } from '../api/useOptionalQuery.ts';
import { urlFor } from '../router/urlFor.ts';

export const blogCategoriesQuery = (locale: Locale, preview: string | null) =>
  contentQuery('blog_category', locale, preview ?? undefined);
export const blogArticlesQuery = (locale: Locale, preview: string | null) =>
  contentQuery('blog_article', locale, preview ?? undefined);

/** An article's readers' rating (http/routes/blogRatingCalls.ts, GET). */
export interface RatingSummary {
  readonly average: number;
  readonly count: number;
}

export const blogRatingQuery = (locale: Locale, id: string) =>
  queryOptions({
    queryKey: ['blog-rating', locale, id] as const,
    queryFn: ({ client, signal }) =>
      apiOf(client).getJson<RatingSummary>(urlFor('blog_save_content_note', locale, { id }), signal),
  });

/** The blog of a locale as its pages show it: the menu and the articles of its categories, newest first. */
export interface BlogView {
  readonly categories: readonly BlogCategoryItem[];
  readonly articles: readonly BlogArticleItem[];
}

/** The blog of `locale` from the published items (none when they cannot be read: an empty blog). */
export async function loadBlog(
  queryClient: QueryClient,
  locale: Locale,
  preview: string | null,
): Promise<BlogView> {
  const [categories, articles] = await Promise.all([
    queryClient.fetchQuery(blogCategoriesQuery(locale, preview)).catch(() => []),
    queryClient.fetchQuery(blogArticlesQuery(locale, preview)).catch(() => []),
  ]);
  return blogViewOf(
    categories.map((c) => ({ id: c.id, ...c.fields })),
    articles.map((a) => ({ id: a.id, ...a.fields })),
  );
}

export function blogViewOf(
  categories: readonly BlogCategoryItem[],
  articles: readonly BlogArticleItem[],
): BlogView {
  const menu = blogMenu(categories);
  return { categories: menu, articles: blogArticlesShown(articles, menu) };
}

/** The list page `page` of a category (or of all articles) in a locale. */
export function blogUrl(locale: Locale, category: BlogCategoryItem | undefined, page = 1): string {
  return category
    ? urlFor('blog_list_category', locale, { categorySlug: category.slug, page })
    : urlFor('blog_list', locale, { page });
}

/** An article's page (its category is one of `categories`, as `blogArticlesShown` keeps). */
export function articleUrl(
  locale: Locale,
  article: BlogArticleItem,
  categories: readonly BlogCategoryItem[],
): string {
  const category = categories.find((c) => c.key === article.category);
  return urlFor('blog_article', locale, { categorySlug: category?.slug ?? '', slug: article.slug });
}

const NONE: readonly never[] = [];

/** The blog of `locale` from the query cache the loader filled (the same view `loadBlog` answered). */
export function useBlog(locale: Locale, preview: string | null): BlogView {
  const categories = useOptionalQuery(blogCategoriesQuery(locale, preview)).data ?? NONE;
  const articles = useOptionalQuery(blogArticlesQuery(locale, preview)).data ?? NONE;
  return useMemo(
    () =>
      blogViewOf(
        categories.map((c) => ({ id: c.id, ...c.fields })),
        articles.map((a) => ({ id: a.id, ...a.fields })),
      ),
    [categories, articles],
  );
}
