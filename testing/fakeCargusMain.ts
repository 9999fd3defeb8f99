/**
 * Runs the fake Cargus on its own, for the end-to-end tests (see playwright.config.ts), with a small HTTP control on
 * 127.0.0.1 so a spec can see what the shop asked of Cargus:
 *   GET /health             200 once both are listening
 *   GET /awbs?reference=…   the AWBs made with that CustomString: their barcodes, whether by AwbPickup, and the requests
 */
import { createServer } from 'node:http';
import { startFakeCargus } from './fakeCargus';

const cargus = await startFakeCargus({
  port: Number(process.env.FAKE_CARGUS_PORT ?? 4331),
  subscriptionKey: process.env.FAKE_CARGUS_KEY ?? 'e2e-key',
  username: process.env.FAKE_CARGUS_USERNAME ?? 'e2e-shop',
  password: process.env.FAKE_CARGUS_PASSWORD ?? 'e2e-secret',
});

const control = createServer((request, response) => {
  const answer = (status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const route = `${request.method} ${url.pathname}`;
  if (route === 'GET /health') return answer(200, { ok: true });
  if (route === 'GET /awbs') {
    const reference = url.searchParams.get('reference');
    return answer(
      200,
      cargus
        .awbs()
        .filter((awb) => awb.request.CustomString === reference)
        .map(({ barCode, pickup, request: sent }) => ({ barCode, pickup, request: sent })),
    );
  }
  return answer(404, { message: 'Unknown control request.' });
});
const controlPort = Number(process.env.FAKE_CARGUS_CONTROL_PORT ?? 4332);
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
console.log(`fake Cargus listening on ${cargus.url}, its control on http://127.0.0.1:${controlPort}`);

process.on('SIGTERM', () => {
  control.close();
  void cargus.close().then(() => process.exit(0));
});
