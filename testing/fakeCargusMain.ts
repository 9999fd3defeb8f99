/** Runs the fake Cargus on its own, for the end-to-end tests (see playwright.config.ts). */
import { startFakeCargus } from './fakeCargus';

const cargus = await startFakeCargus({
  port: Number(process.env.FAKE_CARGUS_PORT ?? 4331),
  subscriptionKey: process.env.FAKE_CARGUS_KEY ?? 'e2e-key',
  username: process.env.FAKE_CARGUS_USERNAME ?? 'e2e-shop',
  password: process.env.FAKE_CARGUS_PASSWORD ?? 'e2e-secret',
});
console.log(`fake Cargus listening on ${cargus.url}`);
process.on('SIGTERM', () => void cargus.close().then(() => process.exit(0)));
