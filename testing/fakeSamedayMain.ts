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
import { createServer } from 'node:http';
import { startFakeSameday } from './fakeSameday';

const sameday = await startFakeSameday({
  port: Number(process.env.FAKE_SAMEDAY_PORT ?? 4328),
  username: process.env.FAKE_SAMEDAY_USERNAME ?? 'e2e-shop',
  password: process.env.FAKE_SAMEDAY_PASSWORD ?? 'e2e-secret',
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
      sameday
        .awbs()
        .filter((awb) => awb.form.clientInternalReference === reference)
        .map(({ awbNumber, form }) => ({ awbNumber, form })),
    );
  }
  const awb = url.searchParams.get('awb') ?? '';
  try {
    if (route === 'POST /deliver') sameday.deliver(awb);
    else if (route === 'POST /refuse') sameday.refuse(awb);
    else if (route === 'POST /down' || route === 'POST /up') sameday.down(route === 'POST /down', url.searchParams.get('reference') ?? undefined);
    else return answer(404, { message: 'Unknown control request.' });
  } catch (error) {
    return answer(404, { message: (error as Error).message });
  }
  return answer(200, { awb });
});
const controlPort = Number(process.env.FAKE_SAMEDAY_CONTROL_PORT ?? 4329);
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
console.log(`fake Sameday listening on ${sameday.url}, its control on http://127.0.0.1:${controlPort}`);

process.on('SIGTERM', () => {
  control.close();
  void sameday.close().then(() => process.exit(0));
});
