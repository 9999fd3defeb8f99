import { createHash } from 'node:crypto';
import { EARLY_TAPS } from '../../../domain/contracts/pages';

/** Where a server-rendered page keeps its scripts for the loader: a template, inert until the loader copies it in. */
const PAGE_SCRIPTS_ID = 'page-scripts';

/**
 * The one inline script of a server-rendered page (decision 0025). The page is complete without JavaScript,
 * so its code is asked for only once the page is on screen: after the frame that shows it and, when its
 * first picture (the one preloaded with high priority) is still coming, after that picture. Until then the
 * code does not share the connection with what the visitor sees first. Three seconds at most: a picture that
 * never arrives does not keep the page from answering to input; a tap before then asks for them at once, and
 * the buttons tapped are tapped again once the page answers. It copies the template's scripts into the
 * page (a copy runs, as the template's own do not); it is minified by hand, as it travels in every page.
 */
const LOADER = [
  // d: the document; k: copy the scripts in, once; p: do it after the next frame; i: the first picture; t: the
  // buttons tapped before the code took over, each once however often tapped, and marked busy (it shows they were
  // taken), which App taps again once the page answers (web/app/App.tsx), having removed the tap listener
  // (web/main.tsx); b: the button tapped, if a button was. A tap asks for the code at once.
  `(()=>{let d=document,a,k=()=>{a||(a=1,d.body.append(d.importNode(d.getElementById('${PAGE_SCRIPTS_ID}').content,!0)))},`,
  `p=()=>requestAnimationFrame(()=>setTimeout(k)),i=d.querySelector("img[fetchpriority=high]"),t=self.${EARLY_TAPS}=[];`,
  'i&&!i.complete?i.onload=i.onerror=p:p();setTimeout(k,3e3);d.onclick=e=>{let b=e.target.closest("button");b&&!b.ariaBusy&&t.push(b)&&(b.ariaBusy="true");k()}})()',
].join('');

/** The Content-Security-Policy source that lets the loader, and no other inline script, run. */
export const SCRIPTS_AFTER_PAINT_SOURCE = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;

/**
 * The page's JavaScript, asked for once the page is on screen: its entry module and the modules it will
 * import (as `<link rel="modulepreload">`, so they come with the entry, not after it).
 */
export function scriptsAfterPaint(entry: string, modules: readonly string[]): string {
  const preloads = modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  return `<template id="${PAGE_SCRIPTS_ID}">${preloads}<script type="module" crossorigin src="${entry}"></script></template><script>${LOADER}</script>`;
}
