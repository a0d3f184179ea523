/** Where a sign-in goes next: `next` when it is a back-office page other than the sign-in, else the dashboard. */
import { generateUrl, matchUrl } from '../../domain/routes/index.ts';

export function safeNext(next: string | undefined, locale: string): string {
  const match = next?.startsWith('/admin/') && !next.startsWith('//') ? matchUrl(next) : null;
  if (next && match?.name.startsWith('admin_') && match.route !== 'admin_sign_in') return next;
  return generateUrl(`admin_dashboard.${locale}`);
}
