import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.ts';
import {
  type BlogRatingEvent,
  decideBlogRating,
  evolveBlogRatings,
  initialBlogRatings,
  ratingSummary,
} from './blogRatings.ts';

const articleId = 'ct_seedblogevhomechargingfr';
const rated = (rater: string, stars: number): BlogRatingEvent => ({
  type: 'BlogArticleRated',
  data: { articleId, rater, stars },
});
const given = (...events: BlogRatingEvent[]) => events.reduce(evolveBlogRatings, initialBlogRatings);
const rate = (rater: string, stars: unknown) => ({ type: 'rate' as const, articleId, rater, stars });

describe('blog article ratings', () => {
  describe('given no rating', () => {
    it('when a visitor rates 4, then rated 4', () => {
      expect(decideBlogRating(given(), rate('a', 4))).toEqual([rated('a', 4)]);
    });

    it('when the stars come from a form ("5"), then rated 5', () => {
      expect(decideBlogRating(given(), rate('a', '5'))).toEqual([rated('a', 5)]);
    });

    it.each([0, 6, 2.5, 'many', undefined, null])('when rated %s, then 400 by stars', (stars) => {
      try {
        decideBlogRating(given(), rate('a', stars));
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        expect(Object.keys((error as ValidationError).details.fields)).toEqual(['stars']);
      }
    });

    it('then the summary is none', () => {
      expect(ratingSummary(given())).toEqual({ average: 0, count: 0 });
    });
  });

  describe('given a visitor rated 4 and another 5', () => {
    const state = given(rated('a', 4), rated('b', 5));

    it('when the first rates 4 again, then nothing (a retry)', () => {
      expect(decideBlogRating(state, rate('a', 4))).toEqual([]);
    });

    it('when the first rates 2, then rated 2, replacing theirs: 2 ratings, average 3.5', () => {
      const events = decideBlogRating(state, rate('a', 2));
      expect(events).toEqual([rated('a', 2)]);
      expect(ratingSummary(events.reduce(evolveBlogRatings, state))).toEqual({ average: 3.5, count: 2 });
    });

    it('then the summary averages one rating each', () => {
      expect(ratingSummary(given(rated('a', 4), rated('b', 5), rated('c', 5)))).toEqual({
        average: 4.7,
        count: 3,
      });
    });
  });
});
