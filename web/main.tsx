import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { ProductList } from '../domain/contracts/catalog';
import { App, serverRenderedPageOf } from './app/App';
import { CATALOGUE_DATA_ID, primeCatalog } from './lib/catalog';
import './styles.css';

const root = document.getElementById('root')!;
const embedded = document.getElementById(CATALOGUE_DATA_ID);

if (embedded && root.hasChildNodes()) {
  // The server rendered this page: the browser takes over the same HTML with the same catalogue.
  primeCatalog((JSON.parse(embedded.textContent ?? '') as ProductList).products);
  // What a modal or a confirmation kept in the history entry was not in the server's render: a reload shows the page itself.
  if (history.state?.usr) history.replaceState({ ...history.state, usr: null }, '');
  // The page's own code first, so it hydrates in one pass with the rest; as a transition, in slices that
  // leave the main thread free between them (the page is already on screen).
  void Promise.resolve(serverRenderedPageOf(location.pathname)?.page.preload()).finally(() =>
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App hydrating Router={BrowserRouter} />
        </StrictMode>,
      );
    }),
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <App Router={BrowserRouter} />
    </StrictMode>,
  );
}
