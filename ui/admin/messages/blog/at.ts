/** The blog's back-office words, German (Austria): the German ones. */
import { deBlogAdmin } from './de.ts';
import type { BlogAdminMessages } from './fr.ts';

export const atBlogAdmin: BlogAdminMessages = deBlogAdmin;
