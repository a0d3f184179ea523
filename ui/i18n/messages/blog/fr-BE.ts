/** The blog's article pages and ratings, French (Belgium): the French words. */
import { frBlogContent } from './fr.ts';

export const frBEBlogContent: typeof frBlogContent = frBlogContent;
