/**
 * A local SMTP server for tests (the smtp-server package: the real protocol, on 127.0.0.1), which
 * parses every mail it receives (mailparser) so tests read subject, addresses, Message-ID and
 * bodies. It can be stopped and started again on the same port to play an SMTP outage, and made
 * to refuse mails with a temporary error.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  messageId: string | undefined;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: Buffer;
}

function addresses(field: ParsedMail['to'] | ParsedMail['from']): string[] {
  const list = field ? ([] as NonNullable<ParsedMail['to']>[]).concat(field as NonNullable<ParsedMail['to']>) : [];
  return list.flatMap((group) => (Array.isArray(group) ? group : [group])).flatMap((group) => group.value.map((entry) => entry.address ?? ''));
}

/** A mail as sent (its raw bytes, from SMTP or an .eml file) made into what tests read. */
export async function parseMail(raw: Buffer): Promise<CaughtMail> {
  const parsed = await simpleParser(raw);
  return {
    messageId: parsed.messageId,
    from: addresses(parsed.from)[0] ?? '',
    to: addresses(parsed.to),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    raw,
  };
}

export async function startFakeSmtp(options: { port?: number } = {}) {
  const mails: CaughtMail[] = [];
  const waiting = new Set<() => void>();
  let refusing = false;
  let delayMs = 0;
  let server: SMTPServer;
  let port = options.port ?? 0;

  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
          if (refusing) {
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            return;
          }
          mails.push(await parseMail(Buffer.concat(chunks)));
          for (const wake of waiting) wake();
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    // A client killed mid-conversation (ECONNRESET) is what fault tests do, not the server's failure.
    server.removeAllListeners('error');
    server.on('error', () => undefined);
    port = (server.server.address() as AddressInfo).port;
  };
  await listen();

  return {
    mails,
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    /** Takes this long to accept each mail (a slow or overloaded server). */
    slowDown(ms: number) {
      delayMs = ms;
    },
    /** Answers every mail with 451 (a temporary failure) while on. */
    refuse(on: boolean) {
      refusing = on;
    },
    /** Resolves once `count` mails have arrived; throws after `timeoutMs`. */
    async waitFor(count: number, timeoutMs = 10_000): Promise<CaughtMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} mails, got ${mails.length} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiting.add(wake);
        });
      }
      return mails;
    },
    /** Stops listening (an SMTP outage); `start()` listens again on the same port. */
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    start: listen,
  };
}

export type FakeSmtp = Awaited<ReturnType<typeof startFakeSmtp>>;
