/**
 * A part of a page whose code is a chunk of its own, loaded when the part is needed (an island): the
 * server renders it as HTML with the page (its forms work without JavaScript), a navigation in the
 * browser renders it at once (the page's loader awaited its module), and when the browser hydrates a
 * server-rendered page, React leaves the part's HTML in place until the visitor comes near it (scrolls
 * within `margin` of it, focuses or touches it), then loads its module and hydrates it. Nothing shifts.
 */
import { type ReactNode, Suspense, use, useEffect, useRef, useState } from 'react';

/** A module loaded on demand, once (a failed download is tried again next time). */
export interface LazyModule<M> {
  load(): Promise<M>;
  /** The module if it is loaded already. */
  loaded(): M | undefined;
}

/** `importer` as a LazyModule (a literal `import()`: the bundler makes a chunk of it). */
export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    load() {
      pending ??= importer().then(
        (loaded) => {
          module = loaded;
          return loaded;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => module,
  };
}

/** How far from the viewport an island starts loading (CSS margin): a screen ahead, about. */
const NEAR = '600px 0px';

/**
 * Calls `start` once, when the visitor comes near `element` (within about a screen of the viewport),
 * focuses or touches it (at once without IntersectionObserver); returns what stops watching.
 */
export function onApproach(element: HTMLElement, start: () => void): () => void {
  const observer =
    typeof IntersectionObserver === 'undefined'
      ? undefined
      : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), {
          rootMargin: NEAR,
        });
  const stop = () => {
    observer?.disconnect();
    element.removeEventListener('focusin', go);
    element.removeEventListener('pointerdown', go);
  };
  let done = false;
  function go() {
    if (done) return;
    done = true;
    stop();
    start();
  }
  if (!observer) {
    go();
    return stop;
  }
  observer.observe(element);
  element.addEventListener('focusin', go);
  element.addEventListener('pointerdown', go);
  return stop;
}

interface Gate<M> {
  readonly promise: Promise<M>;
  open(module: M): void;
}

function gate<M>(): Gate<M> {
  let open!: (module: M) => void;
  const promise = new Promise<M>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

interface PartProps<M> {
  readonly module: LazyModule<M>;
  readonly waiting: Promise<M>;
  readonly render: (module: M) => ReactNode;
}

function Part<M>({ module, waiting, render }: PartProps<M>) {
  const loaded = module.loaded();
  // On the server an island waiting for its module would be rendered as nothing, silently.
  if (!loaded && typeof window === 'undefined')
    throw new Error("an island's module is not loaded: the page's load() awaits it");
  return render(loaded ?? use(waiting));
}

export interface IslandProps<M> {
  readonly module: LazyModule<M>;
  /** The part, once its module is there. */
  readonly render: (module: M) => ReactNode;
  /** More classes of the holding block (its place in the page's layout, say). */
  readonly className?: string;
}

/**
 * An island, in a plain block (`.island`, watched for the visitor's coming near). Give it to a memoised
 * component (`memo`), so the page's own updates leave it be.
 */
export function Island<M>({ module, render, className }: IslandProps<M>) {
  const holder = useRef<HTMLDivElement>(null);
  const [ready] = useState(() => gate<M>());
  useEffect(() => {
    const loaded = module.loaded();
    if (loaded) {
      ready.open(loaded);
      return;
    }
    const element = holder.current;
    if (!element) return;
    let stop = () => {};
    // A failed download leaves the HTML as it is; the next approach tries again.
    const watch = () => {
      stop = onApproach(element, () => void module.load().then(ready.open, watch));
    };
    watch();
    return () => stop();
  }, [module, ready]);
  return (
    <div ref={holder} className={className ? `island ${className}` : 'island'}>
      <Suspense fallback={null}>
        <Part module={module} waiting={ready.promise} render={render} />
      </Suspense>
    </div>
  );
}
