/** The blog's article pages and ratings, German (Austria): the German words. */
import { deBlogContent } from './de.ts';
import type { frBlogContent } from './fr.ts';

export const atBlogContent: typeof frBlogContent = deBlogContent;
