/**
 * The car page's money tools (CarMoneyTools.tsx) as a module of their own, loaded on demand, so the
 * page's JavaScript before hydration stays within its budget (bench: `js.detail.gzip`). The page's
 * loader awaits the module (on the server, and on a navigation in the browser), so the widgets always
 * render at once with the page; when the browser hydrates a server-rendered page, React leaves the
 * widgets' HTML in place (their forms work without JavaScript) until the module has arrived, then
 * hydrates them.
 */
import { lazy, memo, Suspense } from 'react';
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

// `lazy` takes the component at once from a thenable that is already settled: once the module is
// loaded, nothing suspends (the server's render, a navigation after its loader).
const Widgets = lazy((): Promise<{ default: Module['CarMoneyTools'] }> => {
  const ready = loaded;
  if (ready) {
    const settled = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that calls back at once is what lets lazy render without suspending
      then: (resolve: (value: { default: Module['CarMoneyTools'] }) => void) =>
        resolve({ default: ready.CarMoneyTools }),
    };
    return settled as unknown as Promise<{ default: Module['CarMoneyTools'] }>;
  }
  return loadCarMoneyTools().then((module) => ({ default: module.CarMoneyTools }));
});

/** The widgets in their own Suspense boundary; memoised, so the page's own updates leave them be. */
export const CarMoneyToolsIsland = memo(function CarMoneyToolsIsland(props: CarMoneyToolsProps) {
  return (
    <Suspense fallback={null}>
      <Widgets {...props} />
    </Suspense>
  );
});
