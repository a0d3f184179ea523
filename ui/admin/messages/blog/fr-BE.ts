/** The blog's back-office words, French (Belgium): the French ones. */
import type { BlogAdminMessages } from './fr.ts';
import { frBlogAdmin } from './fr.ts';

export const frBEBlogAdmin: BlogAdminMessages = frBlogAdmin;
