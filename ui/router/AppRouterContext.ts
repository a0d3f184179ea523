/** What every route receives from whoever created the router (the SSR handler or the browser entry). */
import type { QueryClient } from '@tanstack/react-query';

export interface AppRouterContext {
  /** The query cache loaders fill and components read. */
  readonly queryClient: QueryClient;
  /** The site's public origin (`https://www.example.com`): canonical and hreflang URLs are absolute. */
  readonly origin: string;
}
