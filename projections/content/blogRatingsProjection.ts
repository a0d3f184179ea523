/**
 * The blog articles' ratings (domain/content/README.md "The blog"): one row per article and rater, a
 * re-rating replacing the row; the average and count are read by `blogRatingQueries`.
 */
import type { Knex } from 'knex';
import { BLOG_RATING_EVENT_TYPES, type BlogRatingEvent } from '../../domain/content/blogRatings.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { defineProjection } from '../defineProjection.ts';

export const blogRatingsProjection = defineProjection({
  name: 'blog_ratings',
  version: 1,
  eventTypes: [...BLOG_RATING_EVENT_TYPES],
  tables: {
    blog_ratings: (t) => {
      t.text('article_id').notNullable();
      t.text('rater').notNullable();
      t.smallint('stars').notNullable();
      t.timestamp('rated_at', { useTz: true }).notNullable();
      t.primary(['article_id', 'rater']);
    },
  },
  async handle(events: readonly RecordedEvent[], { trx, table }) {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as unknown as BlogRatingEvent;
      switch (event.type) {
        case 'BlogArticleRated':
          await trx.raw(
            `INSERT INTO ${table('blog_ratings')} (article_id, rater, stars, rated_at) VALUES (?, ?, ?, ?)
             ON CONFLICT (article_id, rater) DO UPDATE SET stars = EXCLUDED.stars, rated_at = EXCLUDED.rated_at`,
            [event.data.articleId, event.data.rater, event.data.stars, recorded.created],
          );
          break;
        default: {
          const unexpected: never = event.type;
          throw new Error(`blog ratings: unexpected event ${JSON.stringify(unexpected)}`);
        }
      }
    }
  },
});

/** An article's ratings: the average (one decimal; 0 without any) and how many. */
export interface RatingSummary {
  readonly average: number;
  readonly count: number;
}

export interface BlogRatingQueries {
  summary(articleId: string): Promise<RatingSummary>;
  /** Every rated article's summary, by id. */
  summaries(): Promise<Record<string, RatingSummary>>;
}

export function blogRatingQueries(options: { knex: Knex; schema?: string }): BlogRatingQueries {
  const { knex } = options;
  const s = `"${(options.schema ?? 'public').replaceAll('"', '""')}"`;
  const of = (r: Record<string, unknown>): RatingSummary => ({
    average: Math.round(Number(r.average ?? 0) * 10) / 10,
    count: Number(r.count),
  });
  return {
    async summary(articleId) {
      const { rows } = await knex.raw(
        `SELECT avg(stars) AS average, count(*) AS count FROM ${s}.blog_ratings WHERE article_id = ?`,
        [articleId],
      );
      return of(rows[0] ?? { count: 0 });
    },
    async summaries() {
      const { rows } = await knex.raw(
        `SELECT article_id, avg(stars) AS average, count(*) AS count FROM ${s}.blog_ratings GROUP BY article_id`,
      );
      return Object.fromEntries(rows.map((r: Record<string, unknown>) => [r.article_id as string, of(r)]));
    },
  };
}
