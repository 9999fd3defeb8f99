import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { parseMail } from '../testing/fakeSmtp';

/** Where the storefront specs' shop writes its mails (no SMTP_URL: .eml files under DATA_DIR/mail). */
export const SHOP_MAIL_FOLDER = 'test-results/e2e-data/mail';

export interface WrittenMail {
  to: string;
  subject: string;
  text: string;
  /** Every link of the HTML body, by its text. */
  links: { text: string; href: string }[];
}

/** A mail as the specs read it: to whom, its subject, its text and its HTML body's links. */
function written(mail: { to: string[]; subject: string; text: string; html: string }): WrittenMail {
  const links = [...mail.html.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => ({
    href: match[1]!.replaceAll('&amp;', '&'),
    text: match[2]!.replace(/<[^>]+>/g, '').trim(),
  }));
  return { to: mail.to.join(', '), subject: mail.subject, text: mail.text, links };
}

async function readMails(folder: string): Promise<WrittenMail[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  return Promise.all(names.filter((name) => name.endsWith('.eml')).map(async (name) => written(await parseMail(await readFile(path.join(folder, name))))));
}

/** The mails a fake SMTP server took (its control's GET /mails: testing/fakeSmtpMain.ts). */
async function smtpMails(control: string): Promise<WrittenMail[]> {
  const answer = await fetch(`${control}/mails`);
  return ((await answer.json()) as { to: string[]; subject: string; text: string; html: string }[]).map(written);
}

/** The mail to `to` whose subject matches, as the fake SMTP server at `control` received it over SMTP (waits up to 15 s). */
export const smtpMail = (control: string, to: string, subject: string | RegExp): Promise<WrittenMail> => firstMail(() => smtpMails(control), to, subject);

/** The mail to `to` whose subject matches, as the shop's delivery loop writes it (waits up to 15 s). */
export const caughtMail = (to: string, subject: string | RegExp, folder = SHOP_MAIL_FOLDER): Promise<WrittenMail> => firstMail(() => readMails(folder), to, subject);

/** The first of the mails `read` finds to `to` whose subject matches (asked again for up to 15 s). */
async function firstMail(read: () => Promise<WrittenMail[]>, to: string, subject: string | RegExp): Promise<WrittenMail> {
  let found: WrittenMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await read()).find((mail) => mail.to.includes(to) && (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)));
        return found !== undefined;
      },
      { message: `a mail to ${to} about ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The target of the mail's link with this text. */
export function linkOf(mail: WrittenMail, text: string): string {
  const link = mail.links.find((candidate) => candidate.text === text);
  expect(link, `a link "${text}" in "${mail.subject}"`).toBeDefined();
  return link!.href;
}
