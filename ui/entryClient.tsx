/**
 * The browser entry (built by Vite into `dist/client`): hydrates the server-rendered document with the
 * same route tree, restoring the router's and the query cache's state from what the server embedded.
 * The page's own module (a chunk of its own) is loaded first, so the first render in the browser is the
 * page the server rendered (no hydration mismatch, no flash of a loading state).
 */
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { hydrateRoot } from 'react-dom/client';
import { createApiClient } from './api/apiClient.ts';
import { createQueryClient } from './api/createQueryClient.ts';
import { createAppRouter } from './router/createAppRouter.tsx';
import { preparePath } from './router/preparePath.ts';
import './styles/app.css';

const queryClient = createQueryClient({ api: createApiClient({ baseUrl: '' }) });
const router = createAppRouter({ queryClient, origin: window.location.origin });

await preparePath(window.location.pathname);
hydrateRoot(document, <RouterClient router={router} />);
