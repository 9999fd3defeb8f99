/**
 * Runs the fake Cargus on its own, for the end-to-end tests (see playwright.config.ts), with a small HTTP control on
 * 127.0.0.1 so a spec can see what the shop asked of Cargus:
 *   GET /health             200 once both are listening
 *   GET /awbs?reference=…   the AWBs made with that CustomString: their barcodes, whether by AwbPickup, and the requests
 */
import { startControlServer } from './controlServer';
import { startFakeCargus } from './fakeCargus';

const cargus = await startFakeCargus({
  port: Number(process.env.FAKE_CARGUS_PORT ?? 4331),
  subscriptionKey: process.env.FAKE_CARGUS_KEY ?? 'e2e-key',
  username: process.env.FAKE_CARGUS_USERNAME ?? 'e2e-shop',
  password: process.env.FAKE_CARGUS_PASSWORD ?? 'e2e-secret',
});

const controlPort = Number(process.env.FAKE_CARGUS_CONTROL_PORT ?? 4332);
const control = await startControlServer(controlPort, (route, query) => {
  if (route !== 'GET /awbs') return undefined;
  const reference = query.get('reference');
  const awbs = cargus
    .awbs()
    .filter((awb) => awb.request.CustomString === reference)
    .map(({ barCode, pickup, request: sent }) => ({ barCode, pickup, request: sent }));
  return { status: 200, body: awbs };
});
console.log(`fake Cargus listening on ${cargus.url}, its control on http://127.0.0.1:${controlPort}`);

process.on('SIGTERM', () => {
  control.close();
  void cargus.close().then(() => process.exit(0));
});
