/** What every route receives from whoever created the router (the SSR handler or the browser entry). */
import type { QueryClient } from '@tanstack/react-query';

export interface AppRouterContext {
  /** The query cache loaders fill and components read. */
  readonly queryClient: QueryClient;
  /** The site's public origin (`https://www.example.com`): canonical and hreflang URLs are absolute. */
  readonly origin: string;
  /** On the server, for a page that reads the buyer's session (a funnel screen): what it needs of it. */
  readonly personal?: PersonalContext;
}

/** What the server gives a page rendered for one buyer (pages.ts `personal`). */
export interface PersonalContext {
  /** The session's CSRF token: the `_csrf` field of the page's forms. */
  readonly csrfToken: string;
  /** What a form posted without JavaScript left for the page it came from: messages by field, values. */
  readonly flash?: FormFlash;
}

/** A refused form (or a check's answer), kept for the page it came from or leads to (shown once). */
export interface FormFlash {
  /** The page that shows it. */
  readonly path: string;
  /** Messages by field: none when the post succeeded and left only values (formPosts.ts `keep`). */
  readonly fields: Readonly<Record<string, readonly string[]>>;
  readonly values: Readonly<Record<string, string>>;
}
