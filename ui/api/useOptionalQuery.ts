/**
 * How a page reads an optional section (one it renders without: ui/README.md, "Reading data"): as
 * `useQuery`, but a query that failed where the page was loaded (the server, or the loader of a client
 * navigation) is shown as failed at once, so the server writes the section's notice and the browser's
 * first render is the same; then, in the browser, it is asked once more.
 *
 * Plain `useQuery` would retry a failed query on mount (`retryOnMount`), and its first render, on the
 * server too, would show it as loading: the server would never write the notice.
 */
import { type DefaultError, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

export function useOptionalQuery<
  TQueryFnData,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>) {
  const result = useQuery({ ...options, retryOnMount: false });
  const failedBeforeMount = useRef(result.isError);
  const { refetch } = result;
  useEffect(() => {
    // After hydrating (effects run in the browser only); a fetch already under way is joined.
    if (failedBeforeMount.current) void refetch({ cancelRefetch: false });
  }, [refetch]);
  return result;
}
