import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../testing/fakeSmtp';
import { createFileMailer, createSmtpMailer } from './mail';

const mail = {
  to: 'ana.popescu@example.ro',
  subject: 'Comanda 10001 – mulțumim, Ștefan!',
  html: '<p>Total: <strong>124,96 lei</strong> – plată la livrare</p>',
  text: 'Total: 124,96 lei – plată la livrare',
  messageId: '<outbox-1@shop.example.ro>',
};

describe('SMTP mailer (nodemailer against a real SMTP server on 127.0.0.1)', () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(() => smtp.stop());

  it('delivers the mail as written: addresses, Message-ID, Romanian text in both bodies', async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from: 'Secret Stash <shop@example.ro>' });
    await mailer.send(mail);
    mailer.close();
    const [caught] = await smtp.waitFor(1);
    expect(caught).toMatchObject({ messageId: mail.messageId, from: 'shop@example.ro', to: [mail.to], subject: mail.subject });
    expect(caught!.text.trim()).toBe(mail.text);
    expect(caught!.html).toContain('124,96 lei</strong> – plată la livrare');
    expect(mailer.target).toBe(`smtp://127.0.0.1:${smtp.port}`);
  });

  it('rejects when the server refuses the mail or is down, within its timeout', async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from: 'shop@example.ro', timeoutMs: 2000 });
    smtp.refuse(true);
    await expect(mailer.send(mail)).rejects.toThrow(/451/);
    smtp.refuse(false);
    await smtp.stop();
    const started = Date.now();
    await expect(mailer.send(mail)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000);
    await smtp.start();
    await mailer.send(mail);
    mailer.close();
  });

  it('never shows the SMTP password', () => {
    expect(createSmtpMailer({ url: 'smtp://shop:hunter2@mail.example.ro:587', from: 'shop@example.ro' }).target).toBe('smtp://mail.example.ro:587');
  });
});

describe('file mailer (no SMTP configured)', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-mail-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('writes each mail as an .eml file a mail program can open', async () => {
    const mailer = createFileMailer({ folder, from: 'shop@example.ro' });
    const { file } = await mailer.send(mail);
    expect(readdirSync(folder)).toEqual([path.basename(file!)]);
    const parsed = await simpleParser(readFileSync(file!));
    expect(parsed).toMatchObject({ subject: mail.subject, messageId: mail.messageId });
    expect(parsed.text?.trim()).toBe(mail.text);
  });
});
