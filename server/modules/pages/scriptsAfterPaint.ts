import { createHash } from 'node:crypto';
import { EARLY_TAPS } from '../../../domain/contracts/pages';

/** Where a server-rendered page keeps its scripts for the loader: a template, inert until the loader copies it in. */
const PAGE_SCRIPTS_ID = 'page-scripts';

/**
 * The one inline script of a server-rendered page (decision 0025), first in its head: it runs before any of the
 * page is on screen. The page is complete without JavaScript, so its code is asked for only once the page is on
 * screen: after the frame that shows it and, when its first picture (the one preloaded with high priority) is still
 * coming, after that picture. Three seconds at most: a picture that never arrives does not keep the page from
 * answering to input. Until the page's code has taken over (web/app/App.tsx), every tap on a button is kept, in
 * order, as many times as it came, the button marked busy (it shows the tap was taken); a tap also asks for the code
 * at once (after the page's HTML has all come: the scripts' template is at its end). Minified by hand, as it travels
 * in every page.
 */
const LOADER = [
  // d: the document; t: the buttons tapped before the code took over (App takes them and sets the global to null,
  // after which the listener lets every tap through to React); k: copy the scripts in, once (w: wanted while the
  // page's HTML was still coming: done as soon as it has come); p: do it after the next frame; i: the first picture.
  `(()=>{let d=document,a,w,t=self.${EARLY_TAPS}=[],k=()=>{d.readyState=="loading"?w=1:a||(a=1,d.body.append(d.importNode(d.getElementById("${PAGE_SCRIPTS_ID}").content,!0)))},`,
  'p=()=>requestAnimationFrame(()=>setTimeout(k));d.addEventListener("DOMContentLoaded",()=>{let i=d.querySelector("img[fetchpriority=high]");w?k():i&&!i.complete?i.onload=i.onerror=p:p()});setTimeout(k,3e3);',
  // A tap on a button before the code took over goes no further (React, hydrating, never sees it): App taps it again.
  `d.addEventListener("click",e=>{let b=self.${EARLY_TAPS}&&e.target.closest("button");b&&(e.stopPropagation(),b.ariaBusy="true",t.push(b));k()},!0)})()`,
].join('');

/** The Content-Security-Policy source that lets the loader, and no other inline script, run. */
export const SCRIPTS_AFTER_PAINT_SOURCE = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;

/**
 * The page's JavaScript, asked for once the page is on screen: `head`, the loader, goes first in the page's head;
 * `body`, its entry module and the modules it will import (as `<link rel="modulepreload">`, so they come with the
 * entry, not after it), in a template after the page's content.
 */
export function scriptsAfterPaint(entry: string, modules: readonly string[]): { head: string; body: string } {
  const preloads = modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  return { head: `<script>${LOADER}</script>`, body: `<template id="${PAGE_SCRIPTS_ID}">${preloads}<script type="module" crossorigin src="${entry}"></script></template>` };
}
