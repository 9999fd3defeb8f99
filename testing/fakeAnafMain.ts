/** Runs the fake ANAF on its own, for the end-to-end tests (see playwright.config.ts). */
import { startFakeAnaf } from './fakeAnaf';

const fake = await startFakeAnaf({
  port: Number(process.env.FAKE_ANAF_PORT ?? 4327),
  clientId: process.env.FAKE_ANAF_CLIENT_ID ?? 'e2e-client',
  clientSecret: process.env.FAKE_ANAF_CLIENT_SECRET ?? 'e2e-secret',
  cifs: (process.env.FAKE_ANAF_CIFS ?? '12345678').split(','),
});
console.log(`fake ANAF listening on ${fake.url}`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
