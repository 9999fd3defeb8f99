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
