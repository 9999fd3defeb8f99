import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

type PageModule = { default: ComponentType };

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Loads the page's code; once loaded, the page renders without suspending. */
  preload(): Promise<void>;
};

/**
 * A page in its own chunk, like React.lazy, that can be loaded ahead: a server-rendered page loads its
 * chunk before hydrating (web/main.tsx), so the whole page hydrates in one pass and a tap on it is
 * never lost to a part still waiting for its code. (React.lazy suspends once even for code that is
 * already loaded, unless what the loader returns is a thenable that answers at once.)
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module;
    });
  // biome-ignore lint/suspicious/noThenProperty: a thenable that answers at once is the point (see above)
  const page = lazy(() => (loaded ? ({ then: (resolve: (module: PageModule) => void) => resolve(loaded!) } as unknown as Promise<PageModule>) : load()));
  return Object.assign(page, { preload });
}
