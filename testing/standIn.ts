import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The server under every outside service's stand-in (the couriers', ANAF's): on 127.0.0.1, each request's body read
 * whole, recorded, then answered, late when the test slows it down, or as a down service answers while it is down.
 * Each stand-in keeps only its protocol: how it records a request, answers it, and says it is down or broken.
 */

/** One request as the stand-in read it: its URL on the stand-in's origin, its whole body, and that body as JSON. */
export interface StandInCall {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  raw: Buffer;
  /** The body parsed when the request says it is JSON, else null (a bad one too), as the services read one. */
  json: unknown | null;
}

export interface StandInOptions {
  /** Port on 127.0.0.1 (default 0: any free port). */
  port?: number;
  /** Keeps the request for the test, as soon as it has come (before any delay). */
  record?(call: StandInCall): void;
  /** Answers it, as the service would. */
  answer(call: StandInCall): unknown;
  /** How it answers while down (default: never down). */
  whenDown?(res: http.ServerResponse): void;
  /** How an answer that threw is told (a 500 of the service's kind). */
  failed(res: http.ServerResponse, error: unknown): void;
}

export interface StandIn {
  /** http://127.0.0.1:port */
  origin: string;
  /** Every answer (or only those to `paths`) comes after ms milliseconds; the request is handled then (0: back to normal). */
  slowDown(ms: number, paths?: string[]): void;
  /** While on, every request (or those `on` picks) is answered by `whenDown`. */
  down(on: boolean | ((call: StandInCall) => boolean)): void;
  /** Runs `work` after ms milliseconds, unless the stand-in is closed first (an answer held back). */
  later(ms: number, work: () => void): void;
  /** Stops the server, destroying open connections and what was held back. */
  close(): Promise<void>;
}

export async function startStandIn(options: StandInOptions): Promise<StandIn> {
  const timers = new Set<NodeJS.Timeout>();
  let delayMs = 0;
  let slowPaths: string[] | undefined;
  let isDown: boolean | ((call: StandInCall) => boolean) = false;
  let origin = '';

  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const call = { req, res, url: new URL(req.url ?? '/', origin), raw, json: jsonOf(req, raw) };
      options.record?.(call);
      const answer = async () => {
        try {
          if (options.whenDown && (typeof isDown === 'function' ? isDown(call) : isDown)) return options.whenDown(res);
          await options.answer(call);
        } catch (error) {
          if (!res.headersSent) options.failed(res, error);
        }
      };
      if (delayMs <= 0 || (slowPaths && !slowPaths.includes(call.url.pathname))) void answer();
      else later(delayMs, () => void answer());
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    slowDown(ms, paths) {
      delayMs = ms;
      slowPaths = paths;
    },
    down(on) {
      isDown = on;
    },
    later,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function jsonOf(req: http.IncomingMessage, body: Buffer): unknown | null {
  if (!/\bjson\b/i.test(req.headers['content-type'] ?? '')) return null;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}
