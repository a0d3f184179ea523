/**
 * A thin bar at the top while the router loads the next page, and focus moved to the new page's main
 * content once it is shown (so keyboard and screen-reader users land on it, as after a page load).
 */
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

export function NavigationProgress() {
  const pending = useRouterState({ select: (state) => state.status === 'pending' });
  const href = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  const first = useRef(true);
  useEffect(() => {
    if (href === undefined) return;
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [href]);
  return <div className="nav-progress" hidden={!pending} aria-hidden="true" />;
}
