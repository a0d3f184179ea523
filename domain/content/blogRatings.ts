/**
 * Visitors' ratings of a blog article (domain/content/README.md "The blog", ratings): one stream per
 * article, one rating per rater (a key derived from the visitor's session), a new rating replacing theirs.
 * Pure: the rater's key, the article's existence and the time come in with the command.
 */
import { z } from 'zod';
import { ValidationError } from '../errors.ts';

export const blogRatingsStream = (articleId: string) => `blog-ratings-${articleId}`;

export const BLOG_RATING_MIN = 1;
export const BLOG_RATING_MAX = 5;

/** A rating as a visitor sends it: whole stars, 1 to 5 (a form's value is a string). */
export const blogRatingSchema = z.object({
  stars: z.coerce
    .number({ error: 'choose from 1 to 5 stars' })
    .int('choose from 1 to 5 stars')
    .min(BLOG_RATING_MIN, 'choose from 1 to 5 stars')
    .max(BLOG_RATING_MAX, 'choose from 1 to 5 stars'),
});

export const blogRatingEventSchema = z.object({
  type: z.literal('BlogArticleRated'),
  data: z.object({ articleId: z.string(), rater: z.string(), stars: z.number().int() }),
});
export type BlogRatingEvent = z.infer<typeof blogRatingEventSchema>;
export const BLOG_RATING_EVENT_TYPES = ['BlogArticleRated'] as const;

/** Each rater's stars now. */
export interface BlogRatingsState {
  readonly byRater: ReadonlyMap<string, number>;
}

export const initialBlogRatings: BlogRatingsState = { byRater: new Map() };

export function evolveBlogRatings(state: BlogRatingsState, event: BlogRatingEvent): BlogRatingsState {
  switch (event.type) {
    case 'BlogArticleRated': {
      const byRater = new Map(state.byRater);
      byRater.set(event.data.rater, event.data.stars);
      return { byRater };
    }
    default: {
      const never: never = event.type;
      throw new Error(`unknown blog rating event ${JSON.stringify(never)}`);
    }
  }
}

export interface RateBlogArticle {
  readonly type: 'rate';
  readonly articleId: string;
  /** The visitor's key (the same on each visit of their session); never their identity. */
  readonly rater: string;
  /** As sent: checked here (400 by `stars`). */
  readonly stars: unknown;
}

/** A rating: refused by `stars` when not 1 to 5; the rater's same stars again decide nothing (a retry). */
export function decideBlogRating(state: BlogRatingsState, command: RateBlogArticle): BlogRatingEvent[] {
  const parsed = blogRatingSchema.safeParse({ stars: command.stars });
  if (!parsed.success) {
    throw new ValidationError('the rating was refused', {
      stars: parsed.error.issues.map((issue) => issue.message),
    });
  }
  const { stars } = parsed.data;
  if (state.byRater.get(command.rater) === stars) return [];
  return [{ type: 'BlogArticleRated', data: { articleId: command.articleId, rater: command.rater, stars } }];
}

/** The average (one decimal) and count of the ratings in force. */
export function ratingSummary(state: BlogRatingsState): { readonly average: number; readonly count: number } {
  const all = [...state.byRater.values()];
  const count = all.length;
  const average = count === 0 ? 0 : Math.round((all.reduce((a, b) => a + b, 0) / count) * 10) / 10;
  return { average, count };
}
