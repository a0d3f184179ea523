/**
 * The car page's money tools (CarMoneyTools.tsx) as a module of their own, loaded on demand, so the
 * page's JavaScript before hydration stays within its budget (bench: `js.detail.gzip`). The page's
 * loader awaits the module (on the server, and on a navigation in the browser), so the widgets always
 * render at once with the page; when the browser hydrates a server-rendered page, React leaves the
 * widgets' HTML in place (their forms work without JavaScript) until the module has arrived, then
 * hydrates them.
 */
import { memo, Suspense, use } from 'react';
import type { CarMoneyToolsProps } from './CarMoneyTools.tsx';

type Module = typeof import('./CarMoneyTools.tsx');

let loaded: Module | undefined;
let loading: Promise<Module> | undefined;

/** The widgets' module (loaded once; a failed download is tried again next time). */
export function loadCarMoneyTools(): Promise<Module> {
  loading ??= import('./CarMoneyTools.tsx').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The widgets, at once once their module is loaded (the server's render, a navigation after its
 * loader); before that (hydrating a server-rendered page) they suspend on the download (`use`), and
 * React keeps their server HTML until it is done.
 */
function Widgets(props: CarMoneyToolsProps) {
  const tools = loaded ?? use(loadCarMoneyTools());
  return <tools.CarMoneyTools {...props} />;
}

/** The widgets in their own Suspense boundary; memoised, so the page's own updates leave them be. */
export const CarMoneyToolsIsland = memo(function CarMoneyToolsIsland(props: CarMoneyToolsProps) {
  return (
    <Suspense fallback={null}>
      <Widgets {...props} />
    </Suspense>
  );
});
