import type { Plugin } from 'vite';

/**
 * Vite plugin: the built index.html names the chunks its entry imports (`<link rel="modulepreload">`), so the
 * browser asks for them with the entry instead of after it. Vite does this itself unless `modulePreload` is
 * off, which also drops its preload helper from every page's JavaScript (vite.config.ts): this keeps the links.
 */
export function entryPreloads(): Plugin {
  return {
    name: 'shop-entry-preloads',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
      const html = bundle['index.html'];
      if (entry?.type !== 'chunk' || html?.type !== 'asset') return;
      const links = entry.imports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
      html.source = String(html.source).replace('</head>', `  ${links}\n  </head>`);
    },
  };
}

const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Vite plugin: Vite wraps every dynamic import in its preload helper, which preloads the chunk's imports and
 * stylesheets. Here there is nothing for it to do: `modulePreload` is off, and the only stylesheet it is ever
 * given is the app's one, which every page already has (inline on server-rendered pages, linked in the shell),
 * yet it cost every page about 0.7 KB of JavaScript. This helper just imports.
 */
export function plainDynamicImports(): Plugin {
  return {
    name: 'shop-plain-dynamic-imports',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'pre',
    resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
    load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : null),
  };
}
