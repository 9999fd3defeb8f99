import { createHash } from 'node:crypto';

/** Where a server-rendered page names its JavaScript for the loader: `{ entry, modules }`. */
const PAGE_SCRIPTS_ID = 'page-scripts';

/**
 * The one inline script of a server-rendered page (decision 0025). The page is complete without JavaScript,
 * so its code is asked for only once the page is on screen: after the frame that shows it and, when its
 * first picture (the one preloaded with high priority) is still coming, after that picture. Until then the
 * code does not share the connection with what the visitor sees first. Three seconds at most: a picture that
 * never arrives does not keep the page from answering to input.
 */
const LOADER = `(() => {
  const { entry, modules } = JSON.parse(document.getElementById('${PAGE_SCRIPTS_ID}').textContent);
  let asked = false;
  const ask = () => {
    if (asked) return;
    asked = true;
    for (const href of modules) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href }));
    document.body.append(Object.assign(document.createElement('script'), { type: 'module', crossOrigin: '', src: entry }));
  };
  const afterPaint = () => requestAnimationFrame(() => setTimeout(ask));
  const picture = document.querySelector('img[fetchpriority="high"]');
  if (picture && !picture.complete) {
    picture.addEventListener('load', afterPaint);
    picture.addEventListener('error', afterPaint);
  } else afterPaint();
  setTimeout(ask, 3000);
})();`;

/** The Content-Security-Policy source that lets the loader, and no other inline script, run. */
export const SCRIPTS_AFTER_PAINT_SOURCE = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;

/** The page's JavaScript, asked for once the page is on screen: its entry module and the modules it will import. */
export function scriptsAfterPaint(entry: string, modules: readonly string[]): string {
  const scripts = JSON.stringify({ entry, modules }).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_SCRIPTS_ID}">${scripts}</script><script>${LOADER}</script>`;
}
