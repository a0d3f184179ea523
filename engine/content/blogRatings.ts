/**
 * Visitors' ratings of the blog's articles (domain/content/README.md "The blog"): one command per rating
 * on the article's ratings stream. A conflict on the stream (two visitors at once) is retried by the
 * command handler; the same visitor's same stars again append nothing (a retried post).
 */
import {
  type BlogRatingEvent,
  type BlogRatingsState,
  blogRatingsStream,
  decideBlogRating,
  evolveBlogRatings,
  initialBlogRatings,
  type RateBlogArticle,
} from '../../domain/content/blogRatings.ts';
import type { EventStore } from '../eventStore.ts';
import { type Evolver, handleCommand, readAggregate } from '../handleCommand.ts';

const evolver: Evolver<BlogRatingsState, BlogRatingEvent> = {
  initialState: initialBlogRatings,
  evolve: evolveBlogRatings,
};

export interface BlogRatings {
  /** Records a rating: the events appended (none: the rater gave these stars already) and the ratings after. */
  rate(command: RateBlogArticle): Promise<{ events: readonly BlogRatingEvent[]; state: BlogRatingsState }>;
  read(articleId: string): Promise<BlogRatingsState>;
}

export function createBlogRatings(options: {
  readonly store: EventStore;
  readonly newId: () => string;
}): BlogRatings {
  return {
    async rate(command) {
      const result = await handleCommand(
        options.store,
        blogRatingsStream(command.articleId),
        evolver,
        (state) => decideBlogRating(state, command),
        { newId: options.newId },
      );
      return { events: result.events, state: result.stream.state };
    },
    async read(articleId) {
      return (await readAggregate(options.store, blogRatingsStream(articleId), evolver)).state;
    },
  };
}
