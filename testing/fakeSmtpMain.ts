/**
 * Runs the fake SMTP server on its own, for the end-to-end tests (see playwright.config.ts), with a
 * small HTTP control on 127.0.0.1 so a spec can play a mail server that refuses mails and then
 * recovers, and read what arrived:
 *   GET  /health   200 once both are listening
 *   POST /refuse   answer every mail with 451 (a temporary failure) from now on
 *   POST /accept   take mails again
 *   GET  /mails    the mails received: [{ messageId, from, to, subject, text, html }]
 */
import { createServer } from 'node:http';
import { startFakeSmtp } from './fakeSmtp';

const smtp = await startFakeSmtp({ port: Number(process.env.FAKE_SMTP_PORT ?? 4325) });
smtp.refuse(process.env.FAKE_SMTP_REFUSING === 'true');

const control = createServer((request, response) => {
  const answer = (status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const route = `${request.method} ${request.url}`;
  if (route === 'GET /health') return answer(200, { ok: true });
  if (route === 'POST /refuse' || route === 'POST /accept') {
    smtp.refuse(route === 'POST /refuse');
    return answer(200, { refusing: route === 'POST /refuse' });
  }
  if (route === 'GET /mails')
    return answer(
      200,
      smtp.mails.map(({ messageId, from, to, subject, text, html }) => ({ messageId, from, to, subject, text, html })),
    );
  return answer(404, { message: 'Unknown control request.' });
});
const controlPort = Number(process.env.FAKE_SMTP_CONTROL_PORT ?? 4326);
await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
console.log(`fake SMTP listening on ${smtp.url}, its control on http://127.0.0.1:${controlPort}`);

process.on('SIGTERM', () => {
  control.close();
  void smtp.stop().then(() => process.exit(0));
});
