/**
 * A link to a path of the site. It is a real `<a href>` (it works before hydration, in a new tab, for
 * crawlers); a plain left click navigates on the client with the router, and hovering preloads the
 * page's data.
 */
import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

export type AppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { readonly href: string };

function preload(router: ReturnType<typeof useRouter>, href: string): void {
  router.preloadRoute({ to: undefined, href }).catch(() => undefined);
}

// The handlers are written inline: `npm start` runs the server through tsx, whose transform names every
// `const f = () => …` when it is made (Object.defineProperty), and a page renders ~150 links.
export function AppLink({ href, onClick, onMouseEnter, onFocus, ...rest }: AppLinkProps) {
  const router = useRouter();
  return (
    <a
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          modified ||
          rest.target ||
          rest.download !== undefined
        )
          return;
        event.preventDefault();
        router.navigate({ to: undefined, href }).catch(() => undefined);
      }}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        preload(router, href);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        preload(router, href);
      }}
      {...rest}
    />
  );
}
