import { type ComponentType, lazy, Suspense, useState } from 'react';
import { Loading } from '../components/Loading';

export type LazyPage<Props extends object = Record<string, never>> = ComponentType<Props> & {
  /** Loads the page's code; once loaded, the page renders at once, with no boundary of its own. */
  preload(): Promise<void>;
};

/**
 * A page in its own chunk, that can be loaded ahead. Not yet loaded when it mounts (a move to it within the app),
 * it shows Loading in its place until its code came, inside a Suspense boundary of its own. Loaded (a
 * server-rendered page: the browser loads its code before hydrating, web/main.tsx, and the server before rendering,
 * web/entry-server.tsx), it is the page itself, with no boundary: the whole page hydrates in one pass, the one the
 * taps kept before it are tapped again in (web/app/App.tsx, decision 0025). A boundary would hydrate after the rest,
 * with its buttons not yet answering when the rest already does.
 */
export function lazyPage<Props extends object = Record<string, never>>(load: () => Promise<{ default: ComponentType<Props> }>): LazyPage<Props> {
  let loaded: ComponentType<Props> | null = null;
  const loadPage = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadPage) as unknown as ComponentType<Props>;
  function Page(props: Props) {
    // Decided once per mount: the same page must not swap its boundary away (and lose its state) once its code came.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={<Loading />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(Page, { preload: () => loadPage().then(() => undefined) });
}
