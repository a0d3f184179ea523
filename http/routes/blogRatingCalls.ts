/**
 * SPEC §7 "Other": `POST blog saveContentNote/{id}` (domain/content/README.md "The blog", ratings), at
 * `/{locale}/blog/saveContentNote/{id}`, `id` the article's content id:
 *
 * - `POST` `{ stars }` (1 to 5): a visitor rates a published article of the locale, as JSON or as a
 *   plain `<form>` (plugins/formPosts.ts: 303 to the form's `_next`, the article's thank-you; a refusal
 *   303 to its `_back`). The rater is a key derived from the session (the signed-in customer, else the
 *   visitor, whose session starts here), so a visitor's new rating replaces theirs; the same stars again
 *   change nothing (a retry). Answers `{ rated, stars, average, count }`. Bad stars 400 by `stars`; an
 *   unknown, unpublished or other locale's article 404; over the `blogRating` limit 429.
 * - `GET`: the article's `{ average, count }` (the read model; the article page shows it).
 * - `GET /admin/api/blog/ratings` (content role): every rated article's `{ average, count }` by id.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ratingSummary } from '../../domain/content/blogRatings.ts';
import { CONTENT_ID } from '../../domain/content/items/contentItem.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { LOCALES, type Locale } from '../../domain/markets.ts';
import type { BlogRatings } from '../../engine/content/blogRatings.ts';
import type { ContentItems } from '../../engine/content/contentItems.ts';
import type { BlogRatingQueries } from '../../projections/content/blogRatingsProjection.ts';
import { buyerOf, visitorIdOf } from '../plugins/principals.ts';
import { routeRateLimit } from '../plugins/rateLimit.ts';
import { requireStaff } from '../plugins/staffGuard.ts';
import { fastifyPaths } from './funnelHttp.ts';

export interface BlogRatingCallsOptions {
  readonly ratings: BlogRatings;
  readonly queries: BlogRatingQueries;
  readonly items: Pick<ContentItems, 'read'>;
  readonly clock?: () => Date;
  /** Overrides the `blogRating` limit (tests). */
  readonly limit?: number;
}

const params = z.object({ id: z.string().regex(CONTENT_ID, 'a content id (ct_…)') });
const summary = z.object({ average: z.number(), count: z.number().int() });

export async function blogRatingCalls(fastify: FastifyInstance, options: BlogRatingCallsOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const clock = options.clock ?? (() => new Date());
  const rateLimit = routeRateLimit('blogRating', options.limit ? { max: options.limit } : {});

  /** 404 unless `id` is an article of `locale` shown now. */
  const published = async (id: string, locale: Locale) => {
    const item = await options.items.read(id);
    const shown =
      item.kind === 'blog_article' &&
      item.locale === locale &&
      !item.deleted &&
      item.published !== null &&
      Date.parse(item.published.from) <= clock().getTime();
    if (!shown) throw new NotFoundError('no such article', { id });
  };
  /** The rater's key: the session's buyer, hashed with the article (no link between articles). */
  const raterOf = (request: FastifyRequest, articleId: string) => {
    const buyer = buyerOf(request, false);
    const who = buyer?.kind === 'customer' ? `customer:${buyer.id}` : `visitor:${visitorIdOf(request)}`;
    return createHash('sha256').update(`${articleId}|${who}`).digest('hex').slice(0, 32);
  };

  for (const locale of LOCALES) {
    for (const path of fastifyPaths('blog_save_content_note', locale)) {
      app.get(path, { schema: { params, response: { 200: summary } } }, async (request) => {
        await published(request.params.id, locale);
        return options.queries.summary(request.params.id);
      });
      app.post(
        path,
        {
          // A plain form goes on to its `_next` (the article with its thanks), else back.
          config: { form: {}, rateLimit },
          schema: {
            params,
            body: z.object({ stars: z.unknown() }).partial(),
            response: {
              200: summary.extend({ rated: z.literal(true), stars: z.number().int() }),
            },
          },
        },
        async (request) => {
          const { id } = request.params;
          await published(id, locale);
          const { state } = await options.ratings.rate({
            type: 'rate',
            articleId: id,
            rater: raterOf(request, id),
            stars: request.body.stars,
          });
          const stars = state.byRater.get(raterOf(request, id)) ?? 0;
          return { rated: true as const, stars, ...ratingSummary(state) };
        },
      );
    }
  }

  app.get(
    '/admin/api/blog/ratings',
    {
      preValidation: requireStaff('admin', 'content'),
      schema: { response: { 200: z.object({ ratings: z.record(z.string(), summary) }) } },
    },
    async () => ({ ratings: await options.queries.summaries() }),
  );
}
