/**
 * Guest orders for the order benchmarks (benchOrders.ts, benchWeb.ts): each from its own visitor,
 * placed over HTTP by a fixed number of concurrent clients, with their rate and latencies.
 */
import http from 'node:http';
import { sampleOrder } from '../testing/sampleOrder';

/** What one visitor orders, and from where (their address goes in X-Forwarded-For: the shop runs with TRUST_PROXY). */
export interface VisitorOrder {
  request: ReturnType<typeof sampleOrder>;
  body: string;
  ip: string;
}

let visitors = 0;

/**
 * The next visitor's order, with their own address, email and phone number, as real traffic is:
 * the order limits (10 per address, 5 per email or phone) count every order, as in production,
 * and refuse none. A Black Dummy Lighter (a product with colours) and another product.
 */
export function visitorOrder(): VisitorOrder {
  visitors += 1;
  const n = visitors;
  const request = sampleOrder({
    email: `bench-${n}@example.ro`,
    phoneNumber: `07${String(n).padStart(8, '0')}`,
    lines: [
      { productId: '1', quantity: 2, colour: 'Black' },
      { productId: '4', quantity: 1 },
    ],
  });
  return { request, body: JSON.stringify(request), ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

export interface RunResult {
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/** Latencies (ms) and the run's length into its rate and percentiles. */
export function summarise(latencies: number[], seconds: number, failures: number): RunResult {
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), failures };
}

/** Runs `total` calls of `one` by `concurrency` workers; `one` resolves true when it succeeded. */
export async function runConcurrently(total: number, concurrency: number, one: () => Promise<boolean>): Promise<RunResult> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const sent = performance.now();
        const ok = await one().catch(() => false);
        latencies.push(performance.now() - sent);
        if (!ok) failures += 1;
      }
    }),
  );
  return summarise(latencies, (performance.now() - started) / 1000, failures);
}

/** Places guest orders on a shop: `total` of them, `concurrency` at a time, keep-alive connections. */
export async function placeOrders(origin: string, total: number, concurrency: number): Promise<RunResult> {
  const url = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const post = ({ body, ip }: VisitorOrder) =>
    new Promise<boolean>((resolve, reject) => {
      const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': ip };
      const request = http.request({ agent, host: url.hostname, port: url.port, path: '/api/orders', method: 'POST', headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode === 201));
      });
      request.on('error', reject);
      request.end(body);
    });
  try {
    return await runConcurrently(total, concurrency, () => post(visitorOrder()));
  } finally {
    agent.destroy();
  }
}
