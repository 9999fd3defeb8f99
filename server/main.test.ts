import { mkdtempSync, rmdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ShopProcess, startShop } from '../scripts/shopProcess';
import { SERVER_TIMEOUTS } from './httpServer';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-main-'));
let shop: ShopProcess;

beforeAll(async () => {
  shop = await startShop(await freePort(), { DATA_DIR: dataDir, WEB_ROOT: './no-web-app' });
});

afterAll(async () => {
  await shop?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Cutoff {
  /** Milliseconds from the first byte sent until the server closed the socket. */
  after: number;
  /** What the server sent before closing. */
  answer: string;
}

/**
 * Opens a raw socket to the shop, sends `opening` and then `trickle` one byte every 500 ms,
 * never finishing the request, until the server closes the socket (or `giveUpAfterMs` passes).
 */
function slowClient(opening: string, trickle: string, giveUpAfterMs: number): Promise<Cutoff> {
  const { port } = new URL(shop.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    let started = 0;
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept a slow client for ${giveUpAfterMs} ms; it answered: ${answer}`));
    }, giveUpAfterMs);
    socket.on('connect', () => {
      started = Date.now();
      socket.write(opening);
      timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(trickle[sent++ % trickle.length]!);
      }, 500);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ after: Date.now() - started, answer });
    });
  });
}

/* The shop process as server/main.ts runs it: its server timeouts, and its guard on the data folder. */
describe('the shop process', () => {
  it('cuts off a client that sends its headers byte by byte, and one that never finishes its body, with 408', async () => {
    const margin = SERVER_TIMEOUTS.checkEvery + 2_000;
    const [trickledHeaders, unfinishedBody] = await Promise.all([
      slowClient('POST /api/orders HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: aaaaaaaaaaaaaaaa\r\n', SERVER_TIMEOUTS.headers + margin + 5_000),
      slowClient('POST /api/orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"email":', ' ', SERVER_TIMEOUTS.request + margin + 5_000),
    ]);

    expect(trickledHeaders.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(trickledHeaders.after).toBeGreaterThanOrEqual(SERVER_TIMEOUTS.headers - 500);
    expect(trickledHeaders.after).toBeLessThan(SERVER_TIMEOUTS.headers + margin);

    expect(unfinishedBody.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(unfinishedBody.after).toBeGreaterThanOrEqual(SERVER_TIMEOUTS.request - 500);
    expect(unfinishedBody.after).toBeLessThan(SERVER_TIMEOUTS.request + margin);

    // The shop itself carries on.
    expect((await fetch(`${shop.origin}/api/health`)).status).toBe(200);
  }, 60_000);

  it('stops at once, loudly and non-zero, when the lock on its data folder is taken away', async () => {
    const folder = path.join(dataDir, 'pglite');
    rmdirSync(`${folder}.lock`);
    const takenAt = Date.now();
    await Promise.race([shop.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    expect(shop.child.exitCode).toBe(1);
    expect(Date.now() - takenAt).toBeLessThan(5_000);
    expect(shop.stderr()).toContain(`FATAL: the lock on the data folder ${folder} was lost`);
  });
});
