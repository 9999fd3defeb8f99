import { build, type Plugin, type Rollup } from 'vite';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { pureReactRouter } from './pureReactRouter';

/** A page's JavaScript that uses React Router's BrowserRouter and Link, bundled and minified as the shop's build does. */
async function bundle(plugins: Plugin[]) {
  const entry: Plugin = {
    name: 'entry',
    resolveId: (id) => (id === 'entry' ? '\0entry' : null),
    load: (id) => (id === '\0entry' ? "export { BrowserRouter, Link } from 'react-router';" : null),
  };
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [entry, ...plugins],
    build: { write: false, rolldownOptions: { input: 'entry', preserveEntrySignatures: 'strict' } },
  })) as Rollup.RollupOutput;
  return output.output.map((file) => (file.type === 'chunk' ? file.code : '')).join('');
}

describe('pureReactRouter', () => {
  // As `npm run build` does: the production build of React Router, which the shop ships.
  beforeEach(() => {
    vi.stubEnv('NODE_ENV', 'production');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  test('a page that uses Link does not carry the router’s Form, and keeps what BrowserRouter does', async () => {
    const plain = await bundle([]);
    const pure = await bundle([pureReactRouter()]);
    // The Form's hook, which nothing here uses: in without the plugin, out with it.
    expect(plain).toContain('useFormAction must be used');
    expect(pure).not.toContain('useFormAction must be used');
    // BrowserRouter still follows the history (its layout effect), and Link still handles its clicks.
    expect(pure).toMatch(/\.listen\(/);
    expect(pure).toContain('defaultPrevented');
    expect(pure.length).toBeLessThan(plain.length);
  }, 60_000);
});
