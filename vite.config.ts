import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: [react(), tailwindcss(), precompress()],
  build: isSsrBuild
    ? // `vite build --ssr entry-server.tsx`: the storefront's server renderer, loaded by the server, never served.
      { outDir: '../dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : { outDir: '../dist', emptyOutDir: true },
  server: {
    // `npm run dev`: Vite serves the web app with hot reload; the API (and uploaded images) run with `npm start` on :3000.
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
}));
