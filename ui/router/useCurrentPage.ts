/** The page on screen, as its loader described it (route match and head), for the site chrome. */
import { useRouterState } from '@tanstack/react-router';
import type { PageLoaderData } from './PageModule.ts';

function isPageData(value: unknown): value is PageLoaderData {
  return typeof value === 'object' && value !== null && 'match' in value && 'head' in value;
}

/** The current page's loader data, or undefined (404, error, still loading the first page). */
export function useCurrentPage(): PageLoaderData | undefined {
  return useRouterState({
    select: (state) => {
      const data = state.matches.at(-1)?.loaderData;
      return isPageData(data) ? data : undefined;
    },
  });
}
