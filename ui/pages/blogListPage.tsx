/**
 * `blog_list` and `blog_list_category`: the blog's published articles (content items: domain/content/
 * README.md "The blog"), newest first, a page at a time. Each shows its category, date, title and
 * summary, and links to its own page (`blog_article`). An unknown category or a page beyond the last is
 * 404. `?preview=<id>` (content staff): a category's draft in the menu; an article's draft goes on to its
 * page.
 */
import { notFound, redirect } from '@tanstack/react-router';
import { blogPage } from '../../domain/content/blog.ts';
import { LOCALES } from '../../domain/markets.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { alternatePaths } from '../router/alternatePaths.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { articleUrl, blogCategoriesQuery, blogUrl, loadBlog, useBlog } from './blogData.ts';
import { BlogAside } from './blogParts.tsx';
import { previewOf } from './contentPreview.ts';

interface BlogProps {
  /** The category's key (none: every article). */
  readonly category: string | null;
  readonly page: number;
  readonly preview: string | null;
}

function BlogListPage({ match, category: key, page, preview }: PageProps<BlogProps>) {
  const t = useTranslator();
  const { locale } = match;
  const blog = useBlog(locale, preview);
  const category = blog.categories.find((c) => c.key === key);
  const list = blogPage(
    category ? blog.articles.filter((a) => a.category === category.key) : blog.articles,
    page,
  );
  if (!list) return null;
  const title = category ? category.name : t.t('blog.title');
  return (
    <>
      <PageIntro
        eyebrow={
          <Breadcrumbs
            items={[
              { label: t.t('site.homeLink'), href: urlFor('front_pages_index', locale) },
              ...(category
                ? [{ label: t.t('footer.blog'), href: blogUrl(locale, undefined) }, { label: category.name }]
                : [{ label: t.t('footer.blog') }]),
            ]}
          />
        }
        title={title}
        text={category ? category.intro || t.t('blog.intro') : t.t('blog.intro')}
      >
        <p className="page-intro__count">{t.plural('blog.articles', list.total)}</p>
      </PageIntro>
      <div className="container section blog-layout">
        <div className="blog-layout__main">
          <nav className="pills" aria-label={t.t('blog.nav')}>
            <ul>
              {[undefined, ...blog.categories].map((each) => (
                <li key={each?.key ?? 'all'}>
                  <AppLink
                    className={each?.key === category?.key ? 'pill is-active' : 'pill'}
                    aria-current={each?.key === category?.key ? 'page' : undefined}
                    href={blogUrl(locale, each)}
                  >
                    {each ? each.name : t.t('blog.all')}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="posts">
            {list.articles.map((article) => {
              const of = blog.categories.find((c) => c.key === article.category);
              const href = articleUrl(locale, article, blog.categories);
              return (
                <article key={article.id} className="post" aria-labelledby={`${article.id}-title`}>
                  <p className="post__meta">
                    {of ? (
                      <AppLink className="tag" href={blogUrl(locale, of)}>
                        {of.name}
                      </AppLink>
                    ) : null}
                    <time dateTime={article.publishedOn}>
                      {t.t('blog.published', { date: t.date(article.publishedOn) })}
                    </time>
                  </p>
                  <h2 id={`${article.id}-title`} className="post__title">
                    <AppLink href={href}>{article.title}</AppLink>
                  </h2>
                  <p className="post__summary">{article.summary}</p>
                  <AppLink className="more-link" href={href} aria-describedby={`${article.id}-title`}>
                    {t.t('blog.readMore')}
                  </AppLink>
                </article>
              );
            })}
          </div>
          <Pagination page={list.page} pages={list.pages} hrefOf={(p) => blogUrl(locale, category, p)} />
        </div>
        <BlogAside locale={locale} />
      </div>
    </>
  );
}

export const blogListPage = definePage<BlogProps>({
  async load({ match, t, origin, queryClient, search }) {
    const { locale } = match;
    const preview = previewOf(search);
    const blog = await loadBlog(queryClient, locale, preview);
    // An article's draft is previewed on its own page.
    const draft = preview ? blog.articles.find((a) => a.id === preview) : undefined;
    if (draft) {
      throw redirect({ href: `${articleUrl(locale, draft, blog.categories)}?preview=${preview}` });
    }
    const slug = match.params.categorySlug;
    const category = slug === undefined ? undefined : blog.categories.find((c) => c.slug === slug);
    if (slug !== undefined && !category) throw notFound();
    const page = Number(match.params.page ?? '1');
    const list = blogPage(
      category ? blog.articles.filter((a) => a.category === category.key) : blog.articles,
      page,
    );
    if (!list) throw notFound();
    const base = category ? t.t('blog.categoryTitle', { category: category.name }) : t.t('blog.title');
    const title = page > 1 ? `${base} – ${t.t('list.pageOf', { page, pages: list.pages })}` : base;
    const canonical = blogUrl(locale, category, page);
    // The same category in the other locales: the one with the same key there (its own slug).
    const others = category
      ? await Promise.all(
          LOCALES.filter((other) => other !== locale).map(async (other) => {
            const there = await queryClient.fetchQuery(blogCategoriesQuery(other, null)).catch(() => []);
            return [other, there.find((c) => c.fields.key === category.key)?.fields.slug] as const;
          }),
        )
      : [];
    const slugIn = new Map(others);
    const head = {
      title,
      description: category?.intro || t.t('blog.description'),
      canonical,
      alternates: alternatePaths(match, (other) => {
        if (!category) return { page };
        const there = other === locale ? category.slug : slugIn.get(other);
        return there ? { categorySlug: there, page } : null;
      }),
      ...(preview ? { noindex: true } : {}),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Blog',
        name: base,
        url: `${origin}${canonical}`,
        inLanguage: t.market.language,
        blogPost: list.articles.map((article) => ({
          '@type': 'BlogPosting',
          headline: article.title,
          description: article.summary,
          datePublished: article.publishedOn,
          url: `${origin}${articleUrl(locale, article, blog.categories)}`,
        })),
      },
    };
    return { head, props: { category: category?.key ?? null, page, preview } };
  },
  Component: BlogListPage,
});
