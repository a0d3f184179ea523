/** The shape of a locale's content and account page words: the French reference's sections. */
import type { Messages } from '../../Messages.ts';
import type { frPages } from './fr.ts';

export type PageMessages = Pick<Messages, keyof typeof frPages>;
