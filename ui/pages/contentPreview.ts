/** A page's `?preview=<content id>` (a staff member previewing an item's draft: domain/content/README.md), or null. */
import { CONTENT_ID } from '../../domain/content/items/contentItem.ts';

export const previewOf = (search: Readonly<Record<string, unknown>>): string | null =>
  typeof search.preview === 'string' && CONTENT_ID.test(search.preview) ? search.preview : null;
