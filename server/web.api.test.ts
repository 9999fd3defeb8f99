import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { buildTestApp } from '../testing/app';
import { createTestDatabase } from '../testing/database';

let database: Database;
let app: Awaited<ReturnType<typeof buildTestApp>>;
let webRoot: string;

beforeAll(async () => {
  // A stand-in for the built web app: the server's job here is routing and caching, not building.
  webRoot = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  mkdirSync(path.join(webRoot, 'images/products'), { recursive: true });
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webRoot, 'assets/index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webRoot, 'images/products/belt.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  database = await createTestDatabase();
  app = await buildTestApp(database.db, { webRoot });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers every page route with the app, never cached', async () => {
    for (const url of ['/', '/shop', '/checkout?step=2', '/no/such/page']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets and product images with long cache headers', async () => {
    for (const url of ['/assets/index-abc123.js', '/images/products/belt.svg']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers a missing file with a 404, not the app', async () => {
    const response = await app.inject({ method: 'GET', url: '/images/products/missing.svg' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });

  it('sends security headers with a strict content security policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/shop' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps unknown API routes JSON even with the app present', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'No such endpoint: GET /api/nothing-here' });
  });
});
