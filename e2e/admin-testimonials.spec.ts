import type { Browser, Page } from '@playwright/test';
import { ADMIN_PRODUCTS_SHOP_PORT } from '../playwright.config';
import { sampleOrder } from '../testing/sampleOrder';
import { answeringToInput, expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, test } from './fixtures';

// The back office's own shop: testimonials published here never reach the storefront specs' landing.
const ORIGIN = `http://127.0.0.1:${ADMIN_PRODUCTS_SHOP_PORT}`;
const PHONE = { width: 375, height: 740 };
test.use({ baseURL: ORIGIN, viewport: PHONE });

const HOW_COLLECTED =
  'Our customers’ own words, sent to us after an order from this shop or in a message on Instagram. We publish them as written, with their agreement, under their first name and last initial.';

/** A visitor's landing page in a browser of their own, once it has asked for the testimonials. */
async function visitorLanding(browser: Browser, cookies: { name: string; value: string }[] = []): Promise<Page> {
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: PHONE });
  if (cookies.length > 0) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: ORIGIN })));
  const page = answeringToInput(await context.newPage());
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/testimonials'));
  await page.goto('/');
  await answered;
  return page;
}

const strip = (page: Page) => page.getByRole('region', { name: 'Customer testimonials' });

test.describe('testimonials', () => {
  // The order number no order has is the server's 400, which the browser logs; the page shows its message.
  test.use({ allowedConsoleErrors: /Failed to load resource: the server responded with a status of 400/ });

  test('the owner adds real customers’ testimonials on a phone, publishes, reorders, edits and deletes them; the landing shows only the published ones', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const before = await visitorLanding(browser);
    await expect(before.getByRole('heading', { name: 'What our customers say' })).toHaveCount(0);
    await expect(strip(before)).toHaveCount(0);
    await expect(before.getByText(/Friends have picked it up/)).toHaveCount(0);

    const order = await page.request.post('/api/orders', { data: sampleOrder({ email: 'andrei@example.ro' }) });
    expect(order.status()).toBe(201);
    const { number } = (await order.json()) as { number: number };

    await signInAsOwner(page);
    await page.goto('/admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Testimonials' }).click();
    await expect(page.getByRole('heading', { name: 'Testimonials', level: 1 })).toBeVisible();
    await expect(page.getByText('No testimonials yet: the landing page shows none.')).toBeVisible();
    const examples = page.getByRole('region', { name: 'Examples (never shown to visitors)' });
    await expect(examples.getByRole('figure')).toHaveCount(6);
    await expect(examples).toContainText('The lighter is spot on.');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    const form = page.getByRole('form', { name: 'New testimonial' });
    await form.getByRole('textbox', { name: 'Testimonial text' }).fill('Bricheta e perfectă. Prietenii n-au observat nimic.');
    await form.getByRole('textbox', { name: 'Name shown' }).fill('Andrei Mureșan');
    await form.getByRole('textbox', { name: 'Order number' }).fill('99999999');
    await form.getByRole('checkbox', { name: 'Publish it on the landing page now' }).check();
    await form.getByRole('button', { name: 'Add testimonial' }).click();
    await expect(form.getByRole('alert')).toHaveText('Give the name shown as the first name and the initial of the last name, like Andrei M.');
    await form.getByRole('textbox', { name: 'Name shown' }).fill('Andrei M.');
    await form.getByRole('button', { name: 'Add testimonial' }).click();
    // The server checks the order is one of this shop's.
    await expect(form.getByRole('alert')).toHaveText('There is no order 99999999 in this shop: a testimonial from an order names one of this shop’s orders.');
    await form.getByRole('textbox', { name: 'Order number' }).fill(String(number));
    await form.getByRole('button', { name: 'Add testimonial' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Testimonial added.' })).toBeVisible();
    const list = page.getByRole('region', { name: 'Your testimonials' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem').first()).toContainText(`Andrei M. · Order ${number} · Published`);

    await form.getByRole('textbox', { name: 'Testimonial text' }).fill('The belt keeps my cash where nobody looks.');
    await form.getByRole('textbox', { name: 'Name shown' }).fill('Ioana P.');
    await form.getByRole('radio', { name: 'A message on Instagram' }).check();
    await expect(form.getByRole('textbox', { name: 'Order number' })).toHaveCount(0);
    await form.getByLabel('Written in').selectOption('English');
    await form.getByRole('checkbox', { name: 'Publish it on the landing page now' }).check();
    await form.getByRole('button', { name: 'Add testimonial' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').nth(1)).toContainText('Ioana P. · A message on Instagram · Published');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    // The landing: both, in the owner's order, with how they are collected and where each came from.
    const visitor = await visitorLanding(browser);
    await expect(visitor.getByRole('heading', { name: 'What our customers say' })).toBeVisible();
    await expect(visitor.getByText(HOW_COLLECTED)).toBeVisible();
    await expect(strip(visitor).getByRole('figure')).toHaveText([/Andrei M\. · ordered from us/, /Ioana P\. · on Instagram/]);
    await expect(strip(visitor).getByRole('figure').first()).toContainText('“Bricheta e perfectă. Prietenii n-au observat nimic.”');
    await expect(visitor.getByText(/Friends have picked it up/)).toHaveCount(0);
    await expectNoHorizontalScroll(visitor);
    await expectAccessible(visitor);

    // Reordered: Ioana first. The button of the one now first stays (its Move up can do nothing more).
    await list.getByRole('button', { name: 'Move up the testimonial by Ioana P.' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Order saved.' })).toBeVisible();
    await expect(list.getByRole('listitem').first()).toContainText('Ioana P.');
    await expect(list.getByRole('button', { name: 'Move up the testimonial by Ioana P.' })).toHaveAttribute('aria-disabled', 'true');
    // Unpublished: Andrei's leaves the landing.
    await list.getByRole('button', { name: 'Unpublish the testimonial by Andrei M.' }).click();
    await expect(list.getByRole('listitem').nth(1)).toContainText('Not published');
    // Edited.
    await list.getByRole('button', { name: 'Edit the testimonial by Ioana P.' }).click();
    const edit = list.getByRole('form', { name: 'Edit the testimonial by Ioana P.' });
    await edit.getByRole('textbox', { name: 'Testimonial text' }).fill('The belt keeps my emergency cash where nobody looks.');
    await edit.getByRole('button', { name: 'Save testimonial' }).click();
    await expect(list.getByRole('listitem').first()).toContainText('“The belt keeps my emergency cash where nobody looks.”');
    await expectAccessible(page);

    await visitor.reload();
    await expect(strip(visitor).getByRole('figure')).toHaveCount(1);
    await expect(strip(visitor).getByRole('figure')).toContainText('The belt keeps my emergency cash where nobody looks.');

    // In Romanian, the line says the same.
    const romanian = await visitorLanding(browser, [{ name: 'lang', value: 'ro' }]);
    await expect(romanian.getByRole('heading', { name: 'Ce spun clienții noștri' })).toBeVisible();
    await expect(romanian.getByText('Cuvintele clienților noștri, trimise după o comandă în acest magazin sau într-un mesaj pe Instagram.', { exact: false })).toBeVisible();
    await expect(romanian.getByRole('region', { name: 'Păreri ale clienților' }).getByRole('figure')).toContainText('Ioana P. · pe Instagram');
    await romanian.context().close();

    // Deleted, after the owner confirms.
    await list.getByRole('button', { name: 'Delete the testimonial by Andrei M.' }).click();
    await expect(list.getByText('Delete the testimonial by Andrei M.? This cannot be undone.')).toBeVisible();
    await list.getByRole('button', { name: 'Delete it for good' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Testimonial deleted.' })).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);

    // The strip scrolls, pauses on hover, and stands still for visitors who prefer reduced motion.
    const track = visitor.locator('.marquee-track');
    await expect(track).toHaveCSS('animation-play-state', 'running');
    await strip(visitor).hover();
    await expect(track).toHaveCSS('animation-play-state', 'paused');
    await visitor.emulateMedia({ reducedMotion: 'reduce' });
    await visitor.reload();
    await expect(strip(visitor)).toBeVisible();
    await expect(track).toHaveCSS('animation-name', 'none');
    await visitor.context().close();
    await before.context().close();
  });
});
