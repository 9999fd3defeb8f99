import type { APIRequestContext } from '@playwright/test';
import { CARD_SHOP_PORT, CARD_SMTP_CONTROL_PORT } from '../playwright.config';
import { sampleOrder } from '../testing/sampleOrder';
import { answeringToInput, expect, expectAccessible, expectNoHorizontalScroll, signInOwnerByApi, test } from './fixtures';
import { linkOf, smtpMail } from './mails';

// Issue 49: reviews from verified buyers. The card shop asks for a review a few seconds after delivery
// (REVIEW_REQUEST_DAYS in playwright.config.ts) and sends its mails over SMTP: the link is read from the mail as SMTP
// delivered it. Every page at 375 px, checked with axe.

test.use({ viewport: { width: 375, height: 740 }, baseURL: `http://127.0.0.1:${CARD_SHOP_PORT}` });
const SMTP = `http://127.0.0.1:${CARD_SMTP_CONTROL_PORT}`;
const PRODUCT = '4';

/** The owner takes the order to its customer: confirmed, shipped, delivered (the back office's status changes). */
async function deliver(owner: APIRequestContext, baseURL: string, id: string) {
  const steps = [{ to: 'confirmed' }, { to: 'shipped', carrier: 'Sameday', trackingNumber: `AWB-REVIEW-${Date.now()}` }, { to: 'delivered' }];
  for (const [index, step] of steps.entries()) {
    const answer = await owner.post(`/api/admin/orders/${id}/status`, { data: { ...step, version: index + 1 }, headers: { origin: baseURL } });
    expect(answer.status(), await answer.text()).toBe(200);
  }
}

const jsonLdProduct = async (page: import('@playwright/test').Page) => {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data['@type'] === 'Product')!;
};

test('a buyer rates what they bought from the mail’s link; the product page shows it; the owner hides it with a reason', async ({ page, request, browser, baseURL }) => {
  const email = `review-${Date.now()}@example.ro`;
  const { products } = (await (await request.get('/api/products')).json()) as { products: { id: string; name: string; slug: string }[] };
  const product = products.find((candidate) => candidate.id === PRODUCT)!;
  const placed = await request.post('/api/orders', { data: sampleOrder({ email, firstName: 'Ana', lastName: 'Popescu', lines: [{ productId: PRODUCT, quantity: 1 }] }) });
  expect(placed.status()).toBe(201);
  const { id, number } = (await placed.json()) as { id: string; number: number };

  const ownerContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
  try {
    await signInOwnerByApi(ownerContext.request, baseURL!);
    await deliver(ownerContext.request, baseURL!, id);

    // The one mail asking for a review, with the signed link and the way to stop such mails.
    const mail = await smtpMail(SMTP, email, `How was order ${number}?`);
    expect(mail.text).toContain(product.name);
    expect(mail.links.some((link) => link.href.includes('/unsubscribe?'))).toBe(true);
    const link = linkOf(mail, 'Rate your products');
    expect(link).toMatch(new RegExp(`/orders/${id}/review\\?key=[\\w-]{32}$`));

    // The buyer opens it: the page says how the review will be shown, never the full name.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Rate your products', level: 1 })).toBeVisible();
    await expect(page.getByText('Your review will be shown as: Ana P. · Cluj · Verified buyer.')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    const rating = page.getByRole('group', { name: `Your rating of ${product.name}` });
    await rating.getByRole('radio', { name: '4 stars' }).check();
    await page.getByLabel('Your review (optional)').fill('Nobody guesses what it is. The cap could be tighter.');
    await page.getByRole('button', { name: 'Publish review' }).click();
    const thanks = page.getByRole('status').filter({ hasText: 'Thank you! Your review is published.' });
    await expect(thanks).toBeVisible();
    await expect(thanks).toBeFocused();
    await expect(page.getByText('You rated it 4 out of 5.')).toBeVisible();
    await expectAccessible(page);
    // A second review of the same product is refused, saying why.
    const line = (await (await request.get(`/api/orders/${id}/review?key=${new URL(link).searchParams.get('key')}`)).json()).lines[0];
    const again = await request.post(`/api/orders/${id}/reviews`, { data: { key: new URL(link).searchParams.get('key'), lineId: line.lineId, rating: 1 } });
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toBe(`You have already reviewed ${product.name}: each product of an order is reviewed once.`);

    // The product page shows it, server-rendered, with its rating in the structured data.
    await page.goto(`/shop/${product.slug}`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    const shown = reviews.getByRole('listitem').filter({ hasText: 'Nobody guesses what it is.' });
    await expect(shown).toContainText('Rated 4 out of 5');
    await expect(shown).toContainText('Verified buyer · Ana P. · Cluj');
    await expect(reviews).not.toContainText('Popescu');
    const listed = await reviews.getByRole('listitem').count();
    const data = (await jsonLdProduct(page)) as { aggregateRating: { reviewCount: number; ratingCount: number }; review: { reviewBody?: string }[] };
    expect(data.aggregateRating).toMatchObject({ reviewCount: listed, ratingCount: listed });
    expect(data.review.map((review) => review.reviewBody)).toContain('Nobody guesses what it is. The cap could be tighter.');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    // How reviews are checked, from the reviews section.
    await reviews.getByRole('link', { name: 'How we check reviews' }).click();
    await expect(page.getByRole('heading', { name: 'How we check reviews', level: 1 })).toBeVisible();
    await expect(page.getByText('We publish every review, including those with one star.')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    // The mail's unsubscribe link: its page changes nothing until its button is pressed; then no more such mails.
    await page.goto(mail.links.find((candidate) => candidate.href.includes('/unsubscribe?'))!.href);
    await expect(page.getByRole('heading', { name: 'Unsubscribe', level: 1 })).toBeVisible();
    await expect(page.getByText(`Stop the mails we send ${email} that are not about an order you placed`)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    const unsubscribed = page.getByRole('status').filter({ hasText: `Done: ${email} gets no more of these mails.` });
    await expect(unsubscribed).toBeFocused();
    await page.reload();
    await expect(unsubscribed).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
    await expectAccessible(page);

    // The owner hides it in the back office, only with a reason, and the log says so.
    const admin = answeringToInput(await ownerContext.newPage());
    await admin.goto('/admin/reviews');
    await expect(admin.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
    const item = admin.getByRole('listitem').filter({ hasText: 'Nobody guesses what it is.' });
    await item.getByRole('button', { name: `Hide the review of ${product.name} by Ana P.` }).click();
    await expect(item.getByRole('alert')).toHaveText('Choose why the review is hidden: insults, personal data or off-topic.');
    await expectAccessible(admin);
    await item.getByLabel(`Why hide the review of ${product.name} by Ana P.`).selectOption({ label: 'Off-topic' });
    await item.getByRole('button', { name: `Hide the review of ${product.name} by Ana P.` }).click();
    await expect(admin.getByRole('status')).toHaveText('Review hidden.');
    await expect(item).toContainText('Hidden: Off-topic');
    await expect(admin.getByRole('region', { name: 'Log of hidings' })).toContainText(`the review of ${product.name}`);
    await expect(admin.getByRole('region', { name: 'Log of hidings' })).toContainText('because: Off-topic');
    await expectNoHorizontalScroll(admin);
    await expectAccessible(admin);

    // Gone from the product page and its structured data.
    await page.goto(`/shop/${product.slug}`);
    await expect(page.getByRole('region', { name: 'Reviews' })).not.toContainText('Nobody guesses what it is.');
    const after = (await jsonLdProduct(page)) as { aggregateRating?: { reviewCount: number }; review?: { reviewBody?: string }[] };
    expect(after.aggregateRating?.reviewCount ?? 0).toBe(listed - 1);
    expect(JSON.stringify(after)).not.toContain('Nobody guesses what it is.');
  } finally {
    await ownerContext.close();
  }
});

test('the footer links to how reviews are checked, in Romanian too', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'How we check reviews' }).click();
  await expect(page).toHaveURL(/\/reviews\/how-we-check$/);
  await expect(page.getByRole('heading', { name: 'How we check reviews', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Română' }).click();
  await expect(page.getByRole('heading', { name: 'Cum verificăm recenziile', level: 1 })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
