/**
 * A link to a path of the site. It is a real `<a href>` (it works before hydration, in a new tab, for
 * crawlers); a plain left click navigates on the client with the router, and hovering preloads the
 * page's data.
 */
import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

export type AppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { readonly href: string };

export function AppLink({ href, onClick, onMouseEnter, onFocus, ...rest }: AppLinkProps) {
  const router = useRouter();
  const preload = () => {
    router.preloadRoute({ to: undefined, href }).catch(() => undefined);
  };
  const navigate = (event: MouseEvent<HTMLAnchorElement>) => {
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
  };
  return (
    <a
      href={href}
      onClick={navigate}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        preload();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        preload();
      }}
      {...rest}
    />
  );
}
