/**
 * The browser entry (built by Vite into `dist/client`): hydrates the server-rendered document with the
 * same route tree, restoring the router's and the query cache's state from what the server embedded.
 */
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { hydrateRoot } from 'react-dom/client';
import { createApiClient } from './api/apiClient.ts';
import { createQueryClient } from './api/createQueryClient.ts';
import { createAppRouter } from './router/createAppRouter.tsx';
import './styles/app.css';

const queryClient = createQueryClient({ api: createApiClient({ baseUrl: '' }) });
const router = createAppRouter({ queryClient, origin: window.location.origin });

hydrateRoot(document, <RouterClient router={router} />);
