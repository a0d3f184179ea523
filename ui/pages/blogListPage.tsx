/**
 * `blog_list` and `blog_list_category`: the blog's articles, newest first, a page at a time. Each article
 * shows its category, date, title and summary, and its full text in a disclosure on the same page (the
 * articles have no route of their own: see domain/content/README.md); its anchor is its slug. An unknown
 * category or a page beyond the last is 404.
 */
import { notFound } from '@tanstack/react-router';
import { useEffect } from 'react';
import {
  BLOG_CATEGORIES,
  BLOG_CATEGORY_SLUGS,
  type BlogCategory,
  blogCategoryBySlug,
  blogPage,
  blogText,
} from '../../domain/content/blog.ts';
import type { Locale } from '../../domain/markets.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { Pagination } from '../components/Pagination.tsx';
import type { Translator } from '../i18n/createTranslator.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { alternatePaths } from '../router/alternatePaths.ts';
import { listUrl } from '../router/listUrl.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';

interface BlogProps {
  readonly category?: BlogCategory;
  readonly page: number;
}

/** The list page `page` of a category (or of all articles) in a locale. */
export function blogUrl(locale: Locale, category: BlogCategory | undefined, page = 1): string {
  return category
    ? urlFor('blog_list_category', locale, { categorySlug: BLOG_CATEGORY_SLUGS[category][locale], page })
    : urlFor('blog_list', locale, { page });
}

function headline(t: Translator, category: BlogCategory | undefined): string {
  return category ? t.t(`blog.category.${category}`) : t.t('blog.title');
}

function BlogListPage({ match, category, page }: PageProps<BlogProps>) {
  const t = useTranslator();
  const { locale } = match;
  const list = blogPage(page, category);
  // An anchor to an article (`#ev-home-charging`) opens its text: browsers only open a closed
  // <details> when the fragment points inside it.
  useEffect(() => {
    const open = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (id) document.getElementById(id)?.querySelector('details')?.setAttribute('open', '');
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);
  if (!list) return null;
  return (
    <>
      <PageIntro
        eyebrow={
          <Breadcrumbs
            items={[
              { label: t.t('site.homeLink'), href: urlFor('front_pages_index', locale) },
              ...(category
                ? [
                    { label: t.t('footer.blog'), href: blogUrl(locale, undefined) },
                    { label: headline(t, category) },
                  ]
                : [{ label: t.t('footer.blog') }]),
            ]}
          />
        }
        title={headline(t, category)}
        text={category ? t.t(`blog.categoryIntro.${category}`) : t.t('blog.intro')}
      >
        <p className="page-intro__count">{t.plural('blog.articles', list.total)}</p>
      </PageIntro>
      <div className="container section blog-layout">
        <div className="blog-layout__main">
          <nav className="pills" aria-label={t.t('blog.nav')}>
            <ul>
              {[undefined, ...BLOG_CATEGORIES].map((each) => (
                <li key={each ?? 'all'}>
                  <AppLink
                    className={each === category ? 'pill is-active' : 'pill'}
                    aria-current={each === category ? 'page' : undefined}
                    href={blogUrl(locale, each)}
                  >
                    {each ? t.t(`blog.category.${each}`) : t.t('blog.all')}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="posts">
            {list.articles.map((article) => {
              const text = blogText(locale, article.slug);
              return (
                <article
                  key={article.slug}
                  id={article.slug}
                  className="post"
                  aria-labelledby={`${article.slug}-title`}
                >
                  <p className="post__meta">
                    <AppLink className="tag" href={blogUrl(locale, article.category)}>
                      {t.t(`blog.category.${article.category}`)}
                    </AppLink>
                    <time dateTime={article.published}>
                      {t.t('blog.published', { date: t.date(article.published) })}
                    </time>
                  </p>
                  <h2 id={`${article.slug}-title`} className="post__title">
                    {text.title}
                  </h2>
                  <p className="post__summary">{text.summary}</p>
                  <details className="post__body">
                    <summary>{t.t('blog.readMore')}</summary>
                    {text.body.map((paragraph) => (
                      <p key={paragraph.slice(0, 32)}>{paragraph}</p>
                    ))}
                  </details>
                </article>
              );
            })}
          </div>
          <Pagination page={list.page} pages={list.pages} hrefOf={(p) => blogUrl(locale, category, p)} />
        </div>
        <aside className="panel blog-layout__aside" aria-labelledby="blog-aside">
          <h2 id="blog-aside">{t.t('blog.asideTitle')}</h2>
          <p>{t.t('blog.asideText')}</p>
          <AppLink className="btn btn--primary btn--block" href={listUrl(locale, 'used')}>
            {t.t('nav.used')}
          </AppLink>
          <AppLink className="btn btn--ghost btn--block" href={listUrl(locale, 'new')}>
            {t.t('nav.new')}
          </AppLink>
          <AppLink className="more-link" href={urlFor('contact_form', locale)}>
            {t.t('footer.contact')} <Icon name="arrow" size={16} />
          </AppLink>
        </aside>
      </div>
    </>
  );
}

export const blogListPage = definePage<BlogProps>({
  async load({ match, t, origin }) {
    const { locale } = match;
    const slug = match.params.categorySlug;
    const category = slug === undefined ? undefined : blogCategoryBySlug(locale, slug);
    if (slug !== undefined && !category) throw notFound();
    const page = Number(match.params.page ?? '1');
    const list = blogPage(page, category);
    if (!list) throw notFound();
    const base = category
      ? t.t('blog.categoryTitle', { category: headline(t, category) })
      : t.t('blog.title');
    const title = page > 1 ? `${base} – ${t.t('list.pageOf', { page, pages: list.pages })}` : base;
    const canonical = blogUrl(locale, category, page);
    const head = {
      title,
      description: category ? t.t(`blog.categoryIntro.${category}`) : t.t('blog.description'),
      canonical,
      // The same list in every locale: the category's own slug there, the same page.
      alternates: alternatePaths(match, (other) =>
        category ? { categorySlug: BLOG_CATEGORY_SLUGS[category][other], page } : { page },
      ),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Blog',
        name: base,
        url: `${origin}${canonical}`,
        inLanguage: t.market.language,
        blogPost: list.articles.map((article) => {
          const text = blogText(locale, article.slug);
          return {
            '@type': 'BlogPosting',
            headline: text.title,
            description: text.summary,
            datePublished: article.published,
            url: `${origin}${canonical}#${article.slug}`,
          };
        }),
      },
    };
    return { head, props: { ...(category ? { category } : {}), page } };
  },
  Component: BlogListPage,
});
