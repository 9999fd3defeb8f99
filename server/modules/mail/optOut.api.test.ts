import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOptOuts } from '../../../db/schema/optOuts';
import { alteredKey, setUpTestApp, TEST_AUTH_SECRET, TEST_ORIGIN, TEST_SHOP } from '../../../testing/app';
import { createFileMailer } from '../../integrations/mail';
import { isOptedOut, notOptedOut, unsubscribeUrls } from './optOut';
import { renderParts } from './render';
import { Layout } from './templates/Layout';

// The unsubscribe link of the mails that are not about the customer's own order (issue 49; Legea 506/2004, RFC 8058),
// on the embedded database or PostgreSQL.

const shop = setUpTestApp();
const folder = await mkdtemp(path.join(tmpdir(), 'opt-out-mails-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

/** The link's path and query, as the shop's page and a mail program call it. */
const apiPath = (email: string) => unsubscribeUrls(TEST_ORIGIN, TEST_AUTH_SECRET, email).oneClick.slice(TEST_ORIGIN.length);

describe('the unsubscribe link', () => {
  it('opened, changes nothing; its button records the address once, lower-cased, and the link says so after', async () => {
    const link = apiPath('Ana.Pop@Example.ro');
    const opened = await shop.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ email: 'ana.pop@example.ro', optedOut: false });
    expect(await isOptedOut(shop.database.db, 'ana.pop@example.ro')).toBe(false);

    for (let click = 0; click < 2; click++) {
      const clicked = await shop.app.inject({ method: 'POST', url: link, payload: {} });
      expect(clicked.statusCode, clicked.body).toBe(200);
      expect(clicked.json()).toEqual({ email: 'ana.pop@example.ro', optedOut: true });
    }
    expect(await shop.database.db.select({ email: mailOptOuts.email }).from(mailOptOuts).where(sql`${mailOptOuts.email} like 'ana.pop%'`)).toEqual([{ email: 'ana.pop@example.ro' }]);
    expect(await isOptedOut(shop.database.db, 'ANA.POP@example.ro')).toBe(true);
    expect((await shop.app.inject({ method: 'GET', url: link })).json()).toEqual({ email: 'ana.pop@example.ro', optedOut: true });
  });

  it('takes a mail program’s one-click POST, a form body List-Unsubscribe=One-Click (RFC 8058)', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: apiPath('one-click@example.ro'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await isOptedOut(shop.database.db, 'one-click@example.ro')).toBe(true);
  });

  it('altered, or for another address, finds nothing (404, a message the page shows) and records nothing', async () => {
    const { oneClick } = unsubscribeUrls(TEST_ORIGIN, TEST_AUTH_SECRET, 'victim@example.ro');
    const key = new URL(oneClick).searchParams.get('key')!;
    for (const url of [`/api/unsubscribe?email=victim%40example.ro&key=${alteredKey(key)}`, `/api/unsubscribe?email=other%40example.ro&key=${key}`, '/api/unsubscribe?email=victim%40example.ro']) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await shop.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().message).toMatch(/not valid/);
      }
    }
    expect(await isOptedOut(shop.database.db, 'victim@example.ro')).toBe(false);
    expect(await isOptedOut(shop.database.db, 'other@example.ro')).toBe(false);
  });

  it('keeps an unsubscribed address out of a query that picks recipients (notOptedOut), whatever its case', async () => {
    await shop.app.inject({ method: 'POST', url: apiPath('gone@example.ro'), payload: {} });
    const rows = (await shop.database.db.execute(
      sql`select email from (values ('Gone@Example.ro'), ('stays@example.ro')) as candidates(email) where ${notOptedOut(sql.raw('candidates.email'))}`,
    )) as unknown as { rows: { email: string }[] };
    expect(rows.rows.map((row) => row.email)).toEqual(['stays@example.ro']);
  });
});

describe('a mail the recipient may stop', () => {
  it('carries the page’s link in its footer and List-Unsubscribe with List-Unsubscribe-Post in its headers', async () => {
    const urls = unsubscribeUrls(TEST_SHOP.url, TEST_AUTH_SECRET, 'ana@example.ro');
    const element = Layout({ shop: TEST_SHOP, locale: 'ro', preview: 'p', unsubscribe: urls.page, children: null });
    const rendered = renderParts({ subject: 'Subiect', element, unsubscribeUrl: urls.oneClick });
    expect(rendered.text).toContain(`Nu mai vrei e-mailuri ca acesta? Dezabonare ${urls.page}`);
    const { file } = await createFileMailer({ folder, from: TEST_SHOP.email }).send({ ...rendered, to: 'ana@example.ro', messageId: '<outbox-1@shop.test>' });
    const eml = (await readFile(file!, 'utf8')).replace(/\r\n[ \t]+/g, ' ');
    expect(eml).toContain(`List-Unsubscribe: <${urls.oneClick}>`);
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('an order’s own mail has neither', async () => {
    const element = Layout({ shop: TEST_SHOP, locale: 'en', preview: 'p', children: null });
    const rendered = renderParts({ subject: 'Order', element });
    expect(rendered.text).not.toContain('Unsubscribe');
    const { file } = await createFileMailer({ folder, from: TEST_SHOP.email }).send({ ...rendered, to: 'ana@example.ro', messageId: '<outbox-2@shop.test>' });
    expect(await readFile(file!, 'utf8')).not.toContain('List-Unsubscribe');
  });
});
