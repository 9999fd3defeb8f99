import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rememberedByHeader } from './remembered.ts';

/** A text body and its brotli and gzip forms, made once and sent many times. */
export interface Precompressed {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export type Encoding = keyof Precompressed;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Compresses `text` both ways at the highest levels: the work is done once per content (at build
 * time for the web app's files, at each reload for the catalogue), so the smallest bodies win.
 * Runs on libuv's thread pool, not on the event loop.
 */
export async function compressText(text: string | Buffer): Promise<Precompressed> {
  const identity = Buffer.from(text);
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipped(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { identity, br, gzip: gz };
}

/**
 * The encoding to answer with, from an Accept-Encoding header: brotli when it is accepted at least
 * as much as gzip, then gzip, else none. `q=0` refuses an encoding; `*` stands for any not named.
 */
export const preferredEncoding = rememberedByHeader((acceptEncoding): Encoding => {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
});

/** Adds Accept-Encoding to what the reply already says it varies with (the pages: their language). */
function varyWithEncoding(reply: FastifyReply): FastifyReply {
  const vary = reply.getHeader('Vary');
  return reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** Sends a precompressed body in the encoding the client prefers; caches are told the answer varies with it. */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, body: Precompressed, contentType: string) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  varyWithEncoding(reply).type(contentType);
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(body[encoding]);
}

/**
 * A weak ETag for a body made once and sent in several encodings (equivalent, not byte for byte the
 * same): a hash of its text, so every process gives the same body the same ETag.
 */
export function weakEtagOf(text: string): string {
  return `W/"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for If-None-Match). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * A body made once, asked for again on every use (`Cache-Control: no-cache`, its ETag): an empty 304
 * when a 200 would send what the client already has, otherwise the body in the encoding it prefers.
 */
export function sendRevalidated(request: FastifyRequest, reply: FastifyReply, body: Precompressed, etag: string, contentType: string) {
  reply.header('Cache-Control', 'no-cache').header('ETag', etag);
  if (reply.statusCode === 200 && etagMatches(request.headers['if-none-match'], etag)) return varyWithEncoding(reply.code(304)).send();
  return sendPrecompressed(request, reply, body, contentType);
}
