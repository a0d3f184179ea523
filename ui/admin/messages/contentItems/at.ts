/** The content items' pages, Austrian German: the German words. */
import { deContentItems } from './de.ts';
import type { ContentItemsMessages } from './fr.ts';

export const atContentItems: ContentItemsMessages = {
  ...deContentItems,
  fields: { ...deContentItems.fields, linkUrl: 'Link (/at/… oder https://…)' },
};
