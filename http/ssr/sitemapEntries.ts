/**
 * The sitemap entries that come from data: the blog's list and category pages, the brand and
 * brand-model pages with their list pages, the dealers and hubs, and the cars. hreflang alternates
 * follow the pages' policy (ui/router/alternatePaths.ts): content in all nine locales, a car, a dealer
 * or a hub only in the locales of its country.
 */
import { brandBySlug, modelBySlug } from '../../domain/catalogue/reference/brands.ts';
import {
  type BlogArticleItem,
  type BlogCategoryItem,
  blogArticlesShown,
  blogMenu,
  blogPage,
} from '../../domain/content/blog.ts';
import { LOCALES, type Locale, marketOf } from '../../domain/markets.ts';
import type { ContentQueries } from '../../projections/content/contentQueries.ts';
import { listUrl } from '../../ui/router/listUrl.ts';
import { localesOf } from '../../ui/router/marketLocales.ts';
import { urlFor } from '../../ui/router/urlFor.ts';
import type { SitemapEntry } from './sitemap.ts';
import type { SitemapCar, SitemapDealer, SitemapLandingPage, SitemapModel } from './sitemapCatalogue.ts';

type Paths = Partial<Record<Locale, string>>;

/** `pathIn(locale)` in each of `locales`, leaving out those where it cannot be built. */
function paths(locales: readonly Locale[], pathIn: (locale: Locale) => string | undefined): Paths {
  const result: Paths = {};
  for (const locale of locales) {
    try {
      const path = pathIn(locale);
      if (path) result[locale] = path;
    } catch {
      // No such page in that locale (a value its route refuses).
    }
  }
  return result;
}

/** An entry for the page `pathIn(locale)`, with its alternates in `locales`; none if it cannot be built. */
function entry(
  locale: Locale,
  locales: readonly Locale[],
  pathIn: (locale: Locale) => string | undefined,
  lastModified?: string,
): SitemapEntry[] {
  const alternates = paths(locales, pathIn);
  const path = alternates[locale];
  if (!path) return [];
  return [{ path, alternates, ...(lastModified ? { lastModified } : {}) }];
}

const latest = (dates: readonly string[]) =>
  dates.reduce<string | undefined>((a, b) => (!a || b > a ? b : a), undefined);

/** The blog of a locale as its pages show it (its published content items). */
export interface SitemapBlogView {
  readonly categories: readonly BlogCategoryItem[];
  readonly articles: readonly BlogArticleItem[];
}

/** Where the sitemaps read the blog: the published items of the content read model. */
export type SitemapBlog = (locale: Locale) => Promise<SitemapBlogView>;

export function sitemapBlogOf(
  queries: Pick<ContentQueries, 'published'>,
  clock = () => new Date(),
): SitemapBlog {
  return async (locale) => {
    const now = clock();
    const [categories, articles] = await Promise.all([
      queries.published('blog_category', locale, now),
      queries.published('blog_article', locale, now),
    ]);
    const menu = blogMenu(categories.map((c) => ({ id: c.id, ...c.fields }) as BlogCategoryItem));
    const shown = articles.map((a) => ({ id: a.id, ...a.fields }) as BlogArticleItem);
    return { categories: menu, articles: blogArticlesShown(shown, menu) };
  };
}

/**
 * The blog's list pages beyond the first (which is a static entry), every page of each category (its
 * alternates: the category of the same key in each locale) and every article (its own locale only).
 */
export function blogSitemapEntries(
  locale: Locale,
  blogs: Readonly<Partial<Record<Locale, SitemapBlogView>>>,
): SitemapEntry[] {
  const blog = blogs[locale];
  if (!blog) return [];
  const entries: SitemapEntry[] = [];
  const categoryIn = (key: string, other: Locale) => blogs[other]?.categories.find((c) => c.key === key);
  const articlesOf = (view: SitemapBlogView, key: string | undefined) =>
    key === undefined ? view.articles : view.articles.filter((a) => a.category === key);
  for (const category of [undefined, ...blog.categories]) {
    for (let page = category ? 1 : 2; ; page++) {
      const list = blogPage(articlesOf(blog, category?.key), page);
      if (!list) break;
      const pathIn = (other: Locale) => {
        const view = blogs[other];
        if (!view || !blogPage(articlesOf(view, category?.key), page)) return undefined;
        if (!category) return urlFor('blog_list', other, { page });
        const there = categoryIn(category.key, other);
        return there ? urlFor('blog_list_category', other, { categorySlug: there.slug, page }) : undefined;
      };
      entries.push(...entry(locale, LOCALES, pathIn, list.articles[0]?.publishedOn));
    }
  }
  for (const article of blog.articles) {
    const category = categoryIn(article.category, locale);
    if (!category) continue;
    const path = urlFor('blog_article', locale, { categorySlug: category.slug, slug: article.slug });
    entries.push({ path, alternates: { [locale]: path }, lastModified: article.publishedOn });
  }
  return entries;
}

/**
 * The brand pages and brand-model pages of the brands and models with stock in the locale's country,
 * the used and new lists of each brand and brand-model that has such cars, the dealers and their hubs.
 */
export function catalogueSitemapEntries(
  locale: Locale,
  models: readonly SitemapModel[],
  dealers: readonly SitemapDealer[],
): SitemapEntry[] {
  const known = models.filter((m) => brandBySlug(m.brand) && modelBySlug(m.brand, m.model));
  const entries: SitemapEntry[] = [];
  const group = <K extends string>(key: (m: SitemapModel) => K) => {
    const groups = new Map<K, SitemapModel[]>();
    for (const m of known) groups.set(key(m), [...(groups.get(key(m)) ?? []), m]);
    return groups;
  };
  for (const [brand, ofBrand] of group((m) => m.brand)) {
    const changed = latest(ofBrand.map((m) => m.updatedAt));
    entries.push(...entry(locale, LOCALES, (l) => urlFor('brand_item', l, { brandName: brand }), changed));
    for (const condition of ['used', 'new'] as const) {
      const cars = ofBrand.filter((m) => m.condition === condition);
      if (cars.length === 0) continue;
      const modified = latest(cars.map((m) => m.updatedAt));
      entries.push(...entry(locale, LOCALES, (l) => listUrl(l, condition, { brand }), modified));
    }
  }
  for (const [, ofModel] of group((m) => `${m.brand}/${m.model}`)) {
    const { brand, model } = ofModel[0]!;
    const changed = latest(ofModel.map((m) => m.updatedAt));
    entries.push(
      ...entry(locale, LOCALES, (l) => urlFor('brand_model_detail', l, { brand, slug: model }), changed),
    );
    for (const m of ofModel) {
      entries.push(...entry(locale, LOCALES, (l) => listUrl(l, m.condition, { brand, model }), m.updatedAt));
    }
  }
  const country = localesOf(marketOf(locale).country);
  for (const dealer of dealers) {
    entries.push(
      ...entry(locale, country, (l) =>
        urlFor('dealer_detail', l, { slug: dealer.slug, idApi: dealer.dealerId }),
      ),
    );
  }
  for (const hub of new Set(dealers.map((dealer) => dealer.hub))) {
    entries.push(...entry(locale, country, (l) => urlFor('dealer_hub', l, { nameHub: hub })));
  }
  return entries;
}

/** A car's detail page (`car_detail` or `car_detail_vn`), in the locales of its country. */
export function carSitemapEntry(locale: Locale, car: SitemapCar): SitemapEntry[] {
  const route = car.condition === 'new' ? 'car_detail_vn' : 'car_detail';
  return entry(
    locale,
    localesOf(marketOf(locale).country),
    (l) => urlFor(route, l, { id: car.carId, slug: car.slug }),
    car.updatedAt,
  );
}

/** The last change of the catalogue in the locale's country, by route, for the static entries. */
export function catalogueLastModified(models: readonly SitemapModel[]) {
  const all = latest(models.map((m) => m.updatedAt));
  const used = latest(models.filter((m) => m.condition === 'used').map((m) => m.updatedAt));
  const fresh = latest(models.filter((m) => m.condition === 'new').map((m) => m.updatedAt));
  return {
    ...(all ? { front_pages_index: all, brand_list: all, page_promo_list: all } : {}),
    ...(used ? { page_buy_index: used } : {}),
    ...(fresh ? { page_buy_vn: fresh } : {}),
  };
}

/** The landing pages published in `locale`: one page in one language each (no alternates elsewhere). */
export function landingSitemapEntries(locale: Locale, pages: readonly SitemapLandingPage[]): SitemapEntry[] {
  return pages.flatMap((page) =>
    entry(locale, [locale], (l) => urlFor('landing_page', l, { slug: page.slug })),
  );
}
