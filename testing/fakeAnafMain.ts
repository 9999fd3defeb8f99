/**
 * Runs the fake ANAF on its own, for the end-to-end tests (see playwright.config.ts), with a small HTTP control on
 * 127.0.0.1 so a spec can do what ANAF does on its side:
 *   POST /end-sign-in    ANAF no longer takes the shop's tokens (its access tokens refused, its refresh answered 400)
 */
import { createServer } from 'node:http';
import { startFakeAnaf } from './fakeAnaf';

const fake = await startFakeAnaf({
  port: Number(process.env.FAKE_ANAF_PORT ?? 4327),
  clientId: process.env.FAKE_ANAF_CLIENT_ID ?? 'e2e-client',
  clientSecret: process.env.FAKE_ANAF_CLIENT_SECRET ?? 'e2e-secret',
  cifs: (process.env.FAKE_ANAF_CIFS ?? '12345678').split(','),
});

const control = createServer((request, response) => {
  const found = request.method === 'POST' && request.url === '/end-sign-in';
  if (found) {
    fake.expireAccessTokens();
    fake.revokeRefreshTokens();
  }
  response.writeHead(found ? 200 : 404, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(found ? { ok: true } : { message: 'Unknown control request.' }));
});
const controlPort = Number(process.env.FAKE_ANAF_CONTROL_PORT ?? 4330);
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
console.log(`fake ANAF listening on ${fake.url}, its control on http://127.0.0.1:${controlPort}`);
process.on('SIGTERM', () => {
  control.close();
  void fake.close().then(() => process.exit(0));
});
