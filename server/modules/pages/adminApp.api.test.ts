import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { buildTestApp } from '../../../testing/app';
import { createTestDatabase } from '../../../testing/database';
import { BACK_OFFICE_THEME } from './webApp';

let database: Database;
let app: Awaited<ReturnType<typeof buildTestApp>>;
let webRoot: string;

const PUBLIC = path.resolve(import.meta.dirname, '../../../web/public');

beforeAll(async () => {
  // The web app's own public files (manifest, icons, service worker) beside a stand-in for its built index.html.
  webRoot = mkdtempSync(path.join(tmpdir(), 'shop-admin-app-'));
  cpSync(PUBLIC, webRoot, { recursive: true });
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="theme-color" content="#18181b" /><title>Secret Stash</title></head><body><div id="root"></div></body></html>',
  );
  database = await createTestDatabase();
  app = await buildTestApp(database.db, { webRoot });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (file: Buffer) => ({ png: file.subarray(1, 4).toString() === 'PNG', width: file.readUInt32BE(16), height: file.readUInt32BE(20) });

describe('the back office as an installable app (issue 48)', () => {
  it('links its manifest and icon from the back office’s pages only, in the back office’s colour', async () => {
    for (const url of ['/admin', '/admin/', '/admin/orders/0b7c0b8e-0000-4000-8000-000000000000', '/admin/owners']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<link rel="manifest" href="/admin.webmanifest" />');
      expect(page.body, url).toContain(`<meta name="theme-color" content="${BACK_OFFICE_THEME}" />`);
    }
    for (const url of ['/', '/shop', '/checkout', '/login', '/administrator']) {
      const page = await get(url);
      expect(page.body, url).not.toContain('manifest');
      expect(page.body, url).not.toContain('admin-sw');
    }
  });

  it('serves a valid manifest: its name, /admin as start and scope, standalone, and 192, 512 and maskable PNG icons', async () => {
    const answer = await get('/admin.webmanifest');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = answer.json();
    expect(manifest).toMatchObject({ name: expect.any(String), short_name: expect.any(String), start_url: '/admin', scope: '/admin', display: 'standalone', theme_color: BACK_OFFICE_THEME });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    for (const purpose of ['any', 'maskable']) expect(manifest.icons.some((icon: { purpose: string; sizes: string }) => icon.purpose === purpose && icon.sizes === '512x512')).toBe(true);
    expect(manifest.icons.some((icon: { sizes: string }) => icon.sizes === '192x192')).toBe(true);
    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const file = await get(icon.src);
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type']).toBe(icon.type);
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(file.rawPayload)).toEqual({ png: true, width, height });
    }
  });

  it('serves the service worker as JavaScript, revalidated, and the security headers let it and the manifest in', async () => {
    const worker = await get('/admin-sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const csp = String((await get('/admin')).headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'/);
    // Neither a worker-src nor a manifest-src narrower than the shop's own origin.
    expect(csp).not.toMatch(/worker-src|manifest-src|child-src 'none'/);
  });
});
