import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { entryPreloads, plainDynamicImports } from './scripts/entryPreloads.ts';
import { precompress } from './scripts/precompress.ts';
import { pureReactRouter } from './scripts/pureReactRouter.ts';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  // Scripts that build before testing or measuring (scripts/test-all.ts, the benches) ask for warnings only.
  logLevel: process.env.BUILD_LOG_LEVEL === 'warn' ? 'warn' : 'info',
  plugins: [react(), tailwindcss(), pureReactRouter(), entryPreloads(), plainDynamicImports(), precompress()],
  build: isSsrBuild
    ? // `vite build --ssr entry-server.tsx`: the storefront's server renderer, loaded by the server, never served.
      { outDir: '../dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: '../dist',
        emptyOutDir: true,
        // A page's chunk and what it needs are asked for by the page itself (server-rendered pages name them in
        // their HTML, server/modules/pages): no preload helper in every page's JavaScript.
        modulePreload: false,
        // One stylesheet for every page (the server inlines it in rendered pages): no page's chunk names CSS it
        // needs (with preloading off, such lists were dead weight in each chunk with a lazy import).
        cssCodeSplit: false,
        // The server reads which chunks a page needs from here.
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // The small modules every page loads (words, amounts, requests, React itself) as one file, not six:
              // each file of its own cost a request and its own compression.
              groups: [{ name: 'common', test: /\/node_modules\/react\/|\/web\/lib\/(i18n|messageFormat|http|sharedResource|useDocumentTitle)\.tsx?$|\/domain\/(money|locale)\.ts$/ }],
            },
          },
        },
      },
  server: {
    // `npm run dev`: Vite serves the web app with hot reload; the API (and uploaded images) run with `npm start` on :3000.
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
}));
