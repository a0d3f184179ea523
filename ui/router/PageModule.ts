/**
 * A storefront page: what the catch-all route needs to load and render one route of the route table.
 * `load` prefetches the page's queries (so the server renders with data and the browser hydrates the
 * same cache), may throw `notFound()` or `redirect()`, and returns serialisable props and head data.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Locale } from '../../domain/markets.ts';
import type { RouteMatch } from '../../domain/routes/index.ts';
import type { Translator } from '../i18n/createTranslator.ts';
import type { PersonalContext } from './AppRouterContext.ts';

/** What a page says about itself to search engines and to the language switcher. */
export interface PageHead {
  readonly title: string;
  readonly description: string;
  /** Path (with query, if any) of the page's canonical URL. */
  readonly canonical: string;
  /** The same page in each locale where it exists (hreflang, language switcher). */
  readonly alternates: Partial<Record<Locale, string>>;
  /** Keep out of search results (old URLs, error pages). */
  readonly noindex?: boolean;
  /** schema.org data, rendered as JSON-LD. */
  readonly jsonLd?: Readonly<Record<string, unknown>>;
  /** Path or URL of the page's preview image. */
  readonly image?: string;
}

/** What `load` gets. */
export interface PageLoadContext {
  readonly match: RouteMatch;
  /** The URL's query, as parsed by the router: each page validates it with its own schema. */
  readonly search: Readonly<Record<string, unknown>>;
  readonly queryClient: QueryClient;
  readonly t: Translator;
  /** The site's public origin, for absolute URLs in structured data. */
  readonly origin: string;
  /** Server-side, a personal page's session facts (its CSRF token, a refused form's messages). */
  readonly personal?: PersonalContext;
}

/** What `load` returns: the component's props and the head. Both travel to the browser as JSON. */
export interface LoadedPage<P> {
  readonly head: PageHead;
  readonly props: P;
}

/** The component's props: the loaded props and the matched route. */
export type PageProps<P> = P & { readonly match: RouteMatch };

/** A page: its loader and its component, agreeing on the props (`P`). */
export interface PageModule<P> {
  load(context: PageLoadContext): Promise<LoadedPage<P>>;
  Component: ComponentType<PageProps<P>>;
}

/** Declares a page: infers its props from `load` and checks `Component` takes them. */
export function definePage<P extends object>(page: PageModule<P>): PageModule<P> {
  return page;
}

/** What the site chrome reads of the page on screen (its route and head: the language switcher). */
export interface PageLoaderData {
  readonly match: RouteMatch;
  readonly head: PageHead;
}
