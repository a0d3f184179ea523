/**
 * The back office's browser entry (a second entry of the Vite build, vite.config.ts): a client-rendered
 * app in `#admin-root` of the shell the server sends for every admin page (http/ssr/adminShell.ts). A
 * 401 from any call means the sign-in is gone (expired, signed out elsewhere, account disabled): the
 * staff member goes to the sign-in page with `?next=` the page they were on.
 */
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
import { isLocale } from '../../domain/markets.ts';
import { ApiError } from '../api/ApiError.ts';
import { setCsrfToken } from './adminApi.ts';
import { createAdminRouter, prepareAdmin, signInHref } from './adminRouter.tsx';
import { bootData } from './boot.ts';
import './admin.css';

setCsrfToken(bootData().csrfToken);

const onError = (error: unknown) => {
  if (!(error instanceof ApiError) || error.status !== 401) return;
  const { pathname, search } = window.location;
  const locale = pathname.split('/')[2] ?? 'fr';
  queryClient.clear();
  void router.navigate({
    to: undefined,
    href: signInHref(isLocale(locale) ? locale : 'fr', `${pathname}${search}`, true),
    replace: true,
  });
};

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: { retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2 },
  },
});
const router = createAdminRouter({ queryClient });

const root = document.getElementById('admin-root');
// Not a top-level await (see entryClient.tsx): the words' chunks import modules of this entry's chunk.
void prepareAdmin(window.location.pathname).then(() => {
  if (!root) return;
  createRoot(root).render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
});
