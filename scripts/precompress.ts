import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { compressText } from '../server/compression.ts';

/** The built files worth compressing: text. Images other than SVG, and fonts, are compressed already. */
const TEXT_FILE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `file.br` and `file.gz` beside every text file under `folder` (where they are smaller than
 * the file), for @fastify/static's `preCompressed` to send to browsers that accept them.
 * Returns the files written.
 */
export async function precompressFolder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
  const written = await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const { br, gzip } = await compressText(content);
      const smaller = (
        [
          ['.br', br],
          ['.gz', gzip],
        ] as const
      ).filter(([, bytes]) => bytes.length < content.length);
      await Promise.all(smaller.map(([extension, bytes]) => writeFile(file + extension, bytes)));
      return smaller.map(([extension]) => file + extension);
    }),
  );
  return written.flat();
}

/** Vite plugin: after `vite build`, precompresses the build (brotli at its highest level, gzip -9). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'shop-precompress',
    // The browser's build only: the server renderer (--ssr) is read from disk by the server, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFolder(outDir);
    },
  };
}
