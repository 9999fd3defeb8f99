import type { Messages } from '@lingui/core';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { ProductList } from '../domain/contracts/catalog';
import { MESSAGES_DATA_ID } from '../domain/contracts/pages';
import { DEFAULT_LOCALE, isLocale } from '../domain/locale';
import { App, serverRenderedPageOf } from './app/App';
import { CATALOGUE_DATA_ID, primeCatalog } from './lib/catalog';
import { browserLocale, createI18n, loadShopMessages } from './lib/i18n';
import './styles.css';

const root = document.getElementById('root')!;
const embedded = document.getElementById(CATALOGUE_DATA_ID);
const embeddedMessages = document.getElementById(MESSAGES_DATA_ID);
const pageLocale = document.documentElement.lang;
/** The server sends every page, rendered or the shell, in the visitor's language with its words in it. */
const serverWords = embeddedMessages && isLocale(pageLocale) ? createI18n(pageLocale, JSON.parse(embeddedMessages.textContent ?? '') as Messages) : null;

/**
 * Only Vite's dev server (`npm run dev`) sends no words: the browser picks the language and loads them. Not
 * in a build (the shop's server sends every page with its words), which saves every page's JavaScript 0.1 KB.
 */
async function browserWords() {
  const locale = browserLocale();
  document.documentElement.lang = locale;
  return createI18n(locale, await loadShopMessages(locale));
}

if (embedded && serverWords && root.hasChildNodes()) {
  // The server rendered this page: the browser takes over the same HTML with the same catalogue and words.
  primeCatalog((JSON.parse(embedded.textContent ?? '') as ProductList).products);
  // What a modal or a confirmation kept in the history entry was not in the server's render: a reload shows the page itself.
  if (history.state?.usr) history.replaceState({ ...history.state, usr: null }, '');
  // The page's own code first, so it hydrates in one pass with the rest; as a transition, in slices that
  // leave the main thread free between them (the page is already on screen).
  void Promise.resolve(serverRenderedPageOf(location.pathname)?.page.preload()).finally(() =>
    startTransition(() => {
      // Until this render is on the page, the page's loader keeps every tap on a button for App to tap again.
      hydrateRoot(
        root,
        <StrictMode>
          <App hydrating i18n={serverWords} Router={BrowserRouter} />
        </StrictMode>,
      );
    }),
  );
} else {
  void (serverWords || !import.meta.env.DEV ? Promise.resolve(serverWords ?? createI18n(DEFAULT_LOCALE, {})) : browserWords()).then((i18n) =>
    createRoot(root).render(
      <StrictMode>
        <App i18n={i18n} Router={BrowserRouter} />
      </StrictMode>,
    ),
  );
}
