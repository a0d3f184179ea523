/**
 * Where a sign-in goes next: `next` when it is a back-office page other than the sign-in (or the staff's
 * storefront page of a car's pictures, `image_index_bo`), else the dashboard.
 */
import { generateUrl, matchUrl } from '../../domain/routes/index.ts';

export function safeNext(next: string | undefined, locale: string): string {
  const match = next?.startsWith('/') && !next.startsWith('//') ? matchUrl(next) : null;
  if (next && match?.name.startsWith('admin_') && match.route !== 'admin_sign_in') return next;
  if (next && match?.route === 'image_index_bo') return next;
  return generateUrl(`admin_dashboard.${locale}`);
}
