/**
 * The signed-in frame: skip link, the app's name, the sections the staff member's roles open
 * (sections.ts), who is signed in and "sign out", then the page.
 */
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { generateUrl, matchUrl } from '../../../domain/routes/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { useAdminT } from '../AdminContext.tsx';
import { call, meQuery, setCsrfToken } from '../adminApi.ts';
import { navigation } from '../sections.ts';

export function AdminFrame({ children }: { children: ReactNode }) {
  const t = useAdminT();
  const { data: me } = useSuspenseQuery(meQuery);
  const pathname = useLocation({ select: (location) => location.pathname });
  const current = matchUrl(pathname)?.route;
  const router = useRouter();
  const queryClient = useQueryClient();
  const signOut = async () => {
    await call('DELETE', '/admin/api/session').catch(() => undefined);
    const { token } = await call<{ token: string }>('GET', '/api/csrf').catch(() => ({ token: '' }));
    setCsrfToken(token);
    queryClient.clear();
    await router.navigate({ to: undefined, href: generateUrl(`admin_sign_in.${t.locale}`) });
  };
  return (
    <div className="admin-app">
      <a className="admin-skip" href="#main">
        {t.t('app.skip')}
      </a>
      <header className="admin-header">
        <p className="admin-header__name">{t.t('app.name')}</p>
        <nav className="admin-nav" aria-label={t.t('app.menu')}>
          <ul>
            {navigation(me.roles, t.locale).map((item) => (
              <li key={item.route}>
                <AppLink
                  href={item.href}
                  aria-current={
                    current === item.route || (current && item.also?.includes(current)) ? 'page' : undefined
                  }
                >
                  {t.t(item.label)}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-header__who">
          <span>{t.t('app.signedInAs', { name: me.name })}</span>
          <button type="button" className="admin-button" onClick={() => void signOut()}>
            {t.t('app.signOut')}
          </button>
        </div>
      </header>
      <main className="admin-main" id="main">
        {children}
      </main>
    </div>
  );
}
