/**
 * The browser entry (built by Vite into `dist/client`): hydrates the server-rendered document with the
 * same route tree, restoring the router's and the query cache's state from what the server embedded.
 * The page's own module and its locale's dictionary (chunks of their own) are loaded first, so the first
 * render in the browser is the page the server rendered (no hydration mismatch, no flash of a loading
 * state).
 */
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { hydrateRoot } from 'react-dom/client';
import { createApiClient } from './api/apiClient.ts';
import { createQueryClient } from './api/createQueryClient.ts';
import { applyEmbeddedOverrides } from './i18n/translationOverrides.ts';
import { createAppRouter } from './router/createAppRouter.tsx';
import { preparePath } from './router/preparePath.ts';
import './styles/app.css';

// The words staff changed, as the server rendered with them, before the first render.
applyEmbeddedOverrides();
const queryClient = createQueryClient({ api: createApiClient({ baseUrl: '' }) });
const router = createAppRouter({ queryClient, origin: window.location.origin });

// Not a top-level await: the page's chunk imports modules of the entry's chunks, which must have
// finished evaluating before it can (a top-level await here would wait for it forever).
void preparePath(window.location.pathname).then(() => {
  hydrateRoot(document, <RouterClient router={router} />);
});
