import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../../db/schema/catalog';
import { setUpTestApp } from '../../../testing/app';

/** The request log (Fastify logs every request it handles at info). */
const logged: string[] = [];
const shop = setUpTestApp({ log: { level: 'info', stream: { write: (line: string) => void logged.push(line) } } });

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

/** What the listening server sends: the catalogue is answered there before Fastify (fastAnswer.ts). */
async function overTheWire(url: string, headers: Record<string, string>): Promise<Answer> {
  if (!shop.app.server.listening) await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = shop.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const asked = httpRequest({ host: '127.0.0.1', port, path: url, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    asked.on('error', reject);
    asked.end();
  });
}

/** What Fastify's own route (catalogRoutes) answers to the same request. */
async function throughFastify(url: string, headers: Record<string, string>): Promise<Answer> {
  const answer = await shop.app.inject({ method: 'GET', url, headers });
  return { status: answer.statusCode, headers: answer.headers, body: answer.rawPayload };
}

/** The headers that say something about the answer (not the connection's or the clock's). */
const meaningful = ({ date, connection, 'keep-alive': keepAlive, ...rest }: Record<string, unknown>) => rest;

describe('GET /api/products before Fastify', () => {
  it('answers exactly as Fastify’s route does: body, status and every header, in each language and encoding', async () => {
    const english = await throughFastify('/api/products', {});
    const romanian = await throughFastify('/api/products', { 'accept-language': 'ro-RO,ro;q=0.9' });
    const asked: [string, Record<string, string>][] = [
      ['/api/products', {}],
      ['/api/products', { 'accept-encoding': 'br, gzip' }],
      ['/api/products', { 'accept-encoding': 'gzip, deflate' }],
      ['/api/products', { 'accept-encoding': 'br;q=0, gzip;q=0' }],
      ['/api/products', { 'accept-language': 'ro-RO,ro;q=0.9', 'accept-encoding': 'br' }],
      ['/api/products', { cookie: 'other=1; lang=ro', 'accept-language': 'en-US' }],
      ['/api/products', { 'if-none-match': String(english.headers.etag) }],
      ['/api/products', { 'if-none-match': String(english.headers.etag), 'accept-language': 'ro-RO' }],
      ['/api/products', { 'if-none-match': `"other", ${String(romanian.headers.etag)}`, cookie: 'lang=ro' }],
      ['/api/products?anything=1', { 'accept-encoding': 'gzip' }],
    ];
    for (const [url, headers] of asked) {
      const wire = await overTheWire(url, headers);
      const fastify = await throughFastify(url, headers);
      const what = `${url} ${JSON.stringify(headers)}`;
      expect(wire.status, what).toBe(fastify.status);
      expect(meaningful(wire.headers), what).toEqual(meaningful(fastify.headers));
      expect(wire.body.equals(fastify.body), what).toBe(true);
    }
    // The cases above do reach both answers: a 304, and the Romanian catalogue.
    expect((await overTheWire('/api/products', { 'if-none-match': String(english.headers.etag) })).status).toBe(304);
    expect((await overTheWire('/api/products', { 'accept-language': 'ro' })).body.toString()).toContain('Brichetă cu ascunzătoare');
    // The security headers are there too.
    expect((await overTheWire('/api/products', {})).headers['content-security-policy']).toMatch(/default-src 'self'/);
  });

  it('sends a change of the catalogue at once, and leaves every other request to Fastify', async () => {
    const before = await overTheWire('/api/products', {});
    await shop.database.db.update(products).set({ price: 3799 }).where(eq(products.id, '1'));
    await shop.app.catalogue.reload();
    const after = await overTheWire('/api/products', {});
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(JSON.parse(after.body.toString()).products[0].price).toBe(3799);
    await shop.database.db.update(products).set({ price: 3999 }).where(eq(products.id, '1'));
    await shop.app.catalogue.reload();

    // Only what Fastify handles is in its request log.
    logged.length = 0;
    await overTheWire('/api/products', {});
    expect(logged.filter((line) => line.includes('/api/products'))).toEqual([]);
    expect((await overTheWire('/api/products/', {})).status).toBe(404);
    expect(logged.filter((line) => line.includes('/api/products/'))).not.toEqual([]);
    expect((await overTheWire('/api/productsx', {})).status).toBe(404);
    expect(JSON.parse((await overTheWire('/api/health', {})).body.toString())).toEqual({ ok: true });
  });
});
