/**
 * A stand-in for a browser's push service (RFC 8030) on 127.0.0.1, and the browser's side of a subscription: its own
 * P-256 key pair and auth secret (node:crypto), with which a test reads what the shop sent, decrypting it as RFC 8291
 * (Message Encryption for Web Push) and RFC 8188 (aes128gcm) say, written from the RFCs rather than with web-push, and
 * checking the VAPID Authorization header (RFC 8292) with the key it names.
 */
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushRequest {
  /** The subscription's own part of the address (/push/<id>). */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushServiceStandIn {
  url: string;
  /** What the shop sent, oldest first. */
  received: PushRequest[];
  /** Answers `status` to every request for `path` from now on (201 unless told). */
  answer(path: string, status: number): void;
  stop(): Promise<void>;
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const received: PushRequest[] = [];
  const answers = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      const status = answers.get(path) ?? 201;
      response.writeHead(status, status === 201 ? { Location: `${path}/messages/${received.length}` } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status) => answers.set(path, status),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** HKDF (RFC 5869) with one block of output, all RFC 8291 needs: HMAC(PRK, info || 0x01), cut to `length`. */
const hkdfExpand = (prk: Buffer, info: Buffer, length: number) => hmac(prk, Buffer.concat([info, Buffer.from([1])])).subarray(0, length);

/** A browser's subscription: what it gives the shop (endpoint and keys, base64url), and how it reads a message. */
export interface BrowserSubscription {
  endpoint: string;
  path: string;
  keys: { p256dh: string; auth: string };
  /** The plaintext of a message sent to it (aes128gcm); throws when it does not decrypt. */
  decrypt(body: Buffer): string;
}

export function browserSubscription(service: PushServiceStandIn, name: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const path = `/push/${name}`;
  return {
    endpoint: `${service.url}${path}`,
    path,
    keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') },
    decrypt(body) {
      // RFC 8188 §2.1: salt (16) | rs (uint32) | idlen (1) | keyid (idlen: the sender's public key, RFC 8291 §4) | records.
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const records = body.subarray(21 + idLength);
      if (idLength !== 65 || recordSize < 18) throw new Error(`not an RFC 8291 header (idlen ${idLength}, rs ${recordSize})`);
      // RFC 8291 §3.3–3.4: the input keying material from the ECDH secret and the auth secret.
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const prkKey = hmac(authSecret, ecdhSecret);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = hkdfExpand(prkKey, keyInfo, 32);
      // RFC 8188 §2.2–2.3: the content encryption key and the nonce, from the salt.
      const prk = hmac(salt, ikm);
      const cek = hkdfExpand(prk, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
      const baseNonce = hkdfExpand(prk, Buffer.from('Content-Encoding: nonce\0'), 12);
      const plain: Buffer[] = [];
      for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence += 1) {
        const record = records.subarray(offset, offset + recordSize);
        // The nonce is the base nonce XOR the record's sequence number (RFC 8188 §2.3; its last 4 bytes suffice here).
        const nonce = Buffer.from(baseNonce);
        nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
        const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
        decipher.setAuthTag(record.subarray(record.length - 16));
        const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
        // RFC 8188 §2: the data, a delimiter (2 in the last record, 1 before), then zeros.
        let end = padded.length - 1;
        while (end >= 0 && padded[end] === 0) end -= 1;
        const last = offset + recordSize >= records.length;
        if (padded[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
        plain.push(padded.subarray(0, end));
      }
      return Buffer.concat(plain).toString('utf8');
    },
  };
}

/**
 * The VAPID claims of a request (RFC 8292 §2–3), once its JWT's ES256 signature is checked with the public key the
 * header names (`k`); throws when it is not signed by that key.
 */
export function vapidClaims(headers: IncomingHttpHeaders): { aud: string; exp: number; sub: string; key: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(headers.authorization ?? '');
  if (!match) throw new Error(`no VAPID Authorization header: ${headers.authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed || JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('the VAPID token is not signed with its key');
  return { ...(JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string }), key };
}
