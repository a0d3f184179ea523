/** The content items' pages, Belgian French: the French words. */
import { type ContentItemsMessages, frContentItems } from './fr.ts';

export const frBEContentItems: ContentItemsMessages = {
  ...frContentItems,
  fields: { ...frContentItems.fields, linkUrl: 'Lien (/fr-BE/… ou https://…)' },
};
