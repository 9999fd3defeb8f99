/**
 * Runs the fake Sameday on its own, for the end-to-end tests (see playwright.config.ts), with a small HTTP control on
 * 127.0.0.1 so a spec can move a parcel as the courier would:
 *   GET  /health            200 once both are listening
 *   POST /deliver?awb=…     the parcel is delivered
 *   POST /refuse?awb=…      the recipient refused it: it comes back
 *   POST /down, POST /up    Sameday answers every call 503 (down; ?reference=N: only the AWBs asked with that
 *                           clientInternalReference), or again as usual
 *   GET  /awbs?reference=…  the AWBs made with that clientInternalReference: their numbers and the forms that made them
 */
import { startControlServer } from './controlServer';
import { startFakeSameday } from './fakeSameday';

const sameday = await startFakeSameday({
  port: Number(process.env.FAKE_SAMEDAY_PORT ?? 4328),
  username: process.env.FAKE_SAMEDAY_USERNAME ?? 'e2e-shop',
  password: process.env.FAKE_SAMEDAY_PASSWORD ?? 'e2e-secret',
});

const controlPort = Number(process.env.FAKE_SAMEDAY_CONTROL_PORT ?? 4329);
const control = await startControlServer(controlPort, (route, query) => {
  if (route === 'GET /awbs') {
    const reference = query.get('reference');
    const awbs = sameday
      .awbs()
      .filter((awb) => awb.form.clientInternalReference === reference)
      .map(({ awbNumber, form }) => ({ awbNumber, form }));
    return { status: 200, body: awbs };
  }
  const awb = query.get('awb') ?? '';
  if (route === 'POST /deliver') sameday.deliver(awb);
  else if (route === 'POST /refuse') sameday.refuse(awb);
  else if (route === 'POST /down' || route === 'POST /up') sameday.down(route === 'POST /down', query.get('reference') ?? undefined);
  else return undefined;
  return { status: 200, body: { awb } };
});
console.log(`fake Sameday listening on ${sameday.url}, its control on http://127.0.0.1:${controlPort}`);

process.on('SIGTERM', () => {
  control.close();
  void sameday.close().then(() => process.exit(0));
});
