/**
 * Components whose code is a chunk of its own, out of other pages' first load: templates and blocks
 * only some pages render (the playground, the privacy-choices form, the ad list). A part renders
 * inside its own Suspense boundary, on the server and in the browser alike, so the markup is the
 * same whether or not its chunk was in when React rendered:
 *
 * - the server loads every part before rendering ({@link loadEveryPart}), so the first HTML holds
 *   the part's whole markup, written in place, with or without JavaScript;
 * - the browser loads the parts a page needs before hydrating it and before a navigation shows it
 *   (templates/index.ts), so it hydrates the same component; a part it did not load (an end screen's
 *   ad list, which renders nothing until it runs) keeps the server's markup until its chunk is in,
 *   the Suspense boundary React hydrates later.
 */
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** A component whose code loads on demand, and the call that loads it. */
export interface LazyPart<P> {
  (props: P): ReactNode;
  displayName?: string;
  /** Loads the part's chunk once; a failed load may be tried again. */
  load(): Promise<void>;
  /** True once the chunk is in: the part then renders without suspending. */
  loaded(): boolean;
}

/** Every part created, so the server can load them all ({@link loadEveryPart}). */
const PARTS: Array<LazyPart<never>> = [];

/**
 * A component whose code `load` imports. Once loaded it renders the component directly (no
 * suspending: what the server and a preloaded browser do), else a React.lazy of the same load.
 */
export function lazyPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let component: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (loaded) => void (component = loaded),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Pending = lazy(async () => {
    await loadOnce();
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- loadOnce resolves only after it set component
    return { default: component! };
  });
  const Part = (props: P) => {
    // Chosen once per mount: a part mounted before its chunk was in stays the lazy one after the
    // chunk arrives. Switching to the loaded component on the next render would be a new element
    // type, and React would unmount the part and mount it afresh (the end screen's ad list lost its
    // state and asked the marketplace for a second list).
    const [Chosen] = useState<ComponentType<P>>(() => component ?? Pending);
    return <Suspense fallback={null}><Chosen {...props} /></Suspense>;
  };
  Part.displayName = name;
  const part = Object.assign(Part, { load: loadOnce, loaded: () => component !== undefined });
  PARTS.push(part as LazyPart<never>);
  return part;
}

/** Loads every part's chunk: the server does before rendering, so no part suspends there. */
export function loadEveryPart(): Promise<void> {
  return Promise.all(PARTS.map((part) => part.load())).then(() => undefined);
}
