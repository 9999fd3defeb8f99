import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import type { Mailer } from '../../integrations/mail';
import { startDeliveryLoop } from './outbox';
import { type MailSettings, renderOutboxMail } from './service';

/** How often a process looks for due mails (a new order's mail leaves within about this long). */
export const MAIL_POLL_MS = 1000;

/** Runs this process's delivery loop while the app is up: started when it is ready, stopped (its batch finished) when it closes. */
export function sendMails(
  app: FastifyInstance,
  { db, mailer, settings, giveUpAfterMs }: { db: Db; mailer: Mailer; settings: MailSettings; giveUpAfterMs?: number },
): void {
  let loop: ReturnType<typeof startDeliveryLoop> | undefined;
  app.addHook('onReady', async () => {
    loop = startDeliveryLoop(
      { db, mailer, render: (row) => renderOutboxMail(db, settings, row), domain: new URL(settings.shop.url).hostname, log: app.log, giveUpAfterMs },
      MAIL_POLL_MS,
    );
    app.log.info({ mail: mailer.target }, 'sending mail');
  });
  app.addHook('onClose', async () => {
    await loop?.stop();
    mailer.close();
  });
}
