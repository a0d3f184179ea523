/**
 * `blog_article`: one published article of the blog (domain/content/README.md "The blog") at
 * `/{locale}/blog/{categorySlug}/{slug}`: its category, date, title, summary, picture (a content image,
 * like a banner's) and paragraphs, its readers' rating and the rating form (SPEC §7 `blog
 * saveContentNote/{id}`), with a `BlogPosting` in JSON-LD. An unknown slug, or a category that is not the article's, is 404. `?preview=<id>` (content
 * staff) shows that article's draft; `?rating=thanks|refused` is where the plain rating form comes back.
 */
import { notFound } from '@tanstack/react-router';
import { photoSources } from '../../domain/catalogue/carPhotos.ts';
import { blogParagraphs } from '../../domain/content/blog.ts';
import { useOptionalQuery } from '../api/useOptionalQuery.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { CarPhotoPicture } from '../components/CarPhotoPicture.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { articleUrl, blogRatingQuery, blogUrl, loadBlog, useBlog } from './blogData.ts';
import { BlogAside, BlogRating, type RatingOutcome } from './blogParts.tsx';
import { previewOf } from './contentPreview.ts';

interface ArticleProps {
  readonly id: string;
  readonly preview: string | null;
  readonly outcome: RatingOutcome;
}

function BlogArticlePage({ match, id, preview, outcome }: PageProps<ArticleProps>) {
  const t = useTranslator();
  const { locale } = match;
  const blog = useBlog(locale, preview);
  const rating = useOptionalQuery(blogRatingQuery(locale, id)).data;
  const article = blog.articles.find((a) => a.id === id);
  const category = blog.categories.find((c) => c.key === article?.category);
  if (!article || !category) return null;
  const page = articleUrl(locale, article, blog.categories);
  return (
    <>
      <PageIntro
        eyebrow={
          <Breadcrumbs
            items={[
              { label: t.t('site.homeLink'), href: urlFor('front_pages_index', locale) },
              { label: t.t('footer.blog'), href: blogUrl(locale, undefined) },
              { label: category.name, href: blogUrl(locale, category) },
              { label: article.title },
            ]}
          />
        }
        title={article.title}
        text={article.summary}
      >
        <p className="post__meta">
          <AppLink className="tag" href={blogUrl(locale, category)}>
            {category.name}
          </AppLink>
          <time dateTime={article.publishedOn}>
            {t.t('blog.published', { date: t.date(article.publishedOn) })}
          </time>
        </p>
      </PageIntro>
      <div className="container section blog-layout">
        <div className="blog-layout__main">
          <article className="post post--full" aria-label={article.title}>
            {article.image ? (
              <CarPhotoPicture
                className="content-hero"
                photo={article.image}
                collection="content-images"
                alt={article.imageAlt}
                sizes="(min-width: 1000px) 620px, calc(100vw - 72px)"
                fetchPriority="high"
              />
            ) : null}
            {blogParagraphs(article.body).map((paragraph) => (
              <p key={paragraph.slice(0, 48)}>{paragraph}</p>
            ))}
          </article>
          <BlogRating locale={locale} articleId={article.id} page={page} summary={rating} outcome={outcome} />
          <AppLink className="more-link blog-back" href={blogUrl(locale, category)}>
            <Icon name="arrow" size={16} /> {t.t('blogContent.back')}
          </AppLink>
        </div>
        <BlogAside locale={locale} />
      </div>
    </>
  );
}

const OUTCOMES: readonly string[] = ['thanks', 'refused'];

export const blogArticlePage = definePage<ArticleProps>({
  async load({ match, t, origin, queryClient, search }) {
    const { locale } = match;
    const preview = previewOf(search);
    const blog = await loadBlog(queryClient, locale, preview);
    const article = blog.articles.find((a) => a.slug === match.params.slug);
    const category = blog.categories.find((c) => c.key === article?.category);
    if (!article || !category || category.slug !== match.params.categorySlug) throw notFound();
    const rating = await queryClient.fetchQuery(blogRatingQuery(locale, article.id)).catch(() => undefined);
    const canonical = articleUrl(locale, article, blog.categories);
    // The largest JPEG, for link previews and the JSON-LD (every reader takes JPEG).
    const imageUrl = article.image
      ? photoSources(article.image, 'content-images')
          .find((s) => s.format === 'jpeg')
          ?.files.at(-1)?.url
      : undefined;
    const outcome = OUTCOMES.includes(String(search.rating)) ? (search.rating as RatingOutcome) : null;
    const head = {
      title: `${article.title} – ${t.t('blog.title')}`,
      description: article.summary,
      canonical,
      // The article exists in its own locale: another's may say something else (or nothing).
      alternates: { [locale]: canonical },
      ...(preview || outcome ? { noindex: true } : {}),
      ...(imageUrl ? { image: imageUrl } : {}),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: article.title,
        description: article.summary,
        articleSection: category.name,
        datePublished: article.publishedOn,
        inLanguage: t.market.language,
        url: `${origin}${canonical}`,
        mainEntityOfPage: `${origin}${canonical}`,
        articleBody: blogParagraphs(article.body).join('\n\n'),
        ...(imageUrl ? { image: `${origin}${imageUrl}` } : {}),
        ...(rating && rating.count > 0
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: rating.average,
                ratingCount: rating.count,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
      },
    };
    return { head, props: { id: article.id, preview, outcome } };
  },
  Component: BlogArticlePage,
});
