import { ADMIN_PRODUCTS_SHOP_PORT } from '../playwright.config';
import { expect, expectAccessible, expectNoHorizontalScroll, signInAsOwner, test } from './fixtures';

// The back office's product shop: a product made here never reaches the storefront specs' shop.
const ORIGIN = `http://127.0.0.1:${ADMIN_PRODUCTS_SHOP_PORT}`;
test.use({ baseURL: ORIGIN, viewport: { width: 375, height: 740 } });

const maker = { name: 'Hidden Goods Ltd', address: '5 Harbour Road, Shenzhen, China', email: 'safety@hidden.example' };
const representative = { name: 'Import Sigur SRL', address: 'Strada Lungă 3, Brașov, România', email: 'gpsr@import.example' };

test('the owner gives a product its safety information (GPSR) on a phone; its page shows it, in each language, and its structured data names the maker', async ({ page }) => {
  await signInAsOwner(page);
  await page.goto('/admin/products/new');
  await page.getByLabel('Name', { exact: true }).fill('Dummy Torch');
  await page.getByLabel('Description', { exact: true }).fill('A torch with a hollow handle.');
  await page.getByLabel('Price (RON)', { exact: true }).fill('59.99');
  await page.getByLabel('Shown in the shop').check();

  const safety = page.getByRole('group', { name: 'Product safety' });
  const manufacturer = safety.getByRole('group', { name: 'Manufacturer' });
  await manufacturer.getByRole('textbox', { name: 'Manufacturer’s name' }).fill(maker.name);
  await manufacturer.getByRole('textbox', { name: 'Manufacturer’s postal address' }).fill(maker.address);
  await manufacturer.getByRole('textbox', { name: 'Manufacturer’s email' }).fill('safety at hidden.example');
  const responsible = safety.getByRole('group', { name: 'Person responsible in the EU' });
  await responsible.getByRole('textbox', { name: 'EU responsible person’s name' }).fill(representative.name);
  await responsible.getByRole('textbox', { name: 'EU responsible person’s postal address' }).fill(representative.address);
  await responsible.getByRole('textbox', { name: 'EU responsible person’s email' }).fill(representative.email);
  await safety.getByRole('textbox', { name: 'Type, batch or model' }).fill('TR-7');
  await safety.getByRole('textbox', { name: 'Warnings and safety information in English' }).fill('Not a toy.\nKeep away from children.');
  // Kept out of the catalogue feeds (Google, Meta, TikTok), with a neutral title for when it is let in.
  const feeds = page.getByRole('group', { name: 'Catalogue feeds' });
  await feeds.getByRole('checkbox', { name: 'Exclude from feeds' }).check();
  await feeds.getByRole('textbox', { name: 'Title in the feeds (Romanian)' }).fill('Lanternă');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // Mistakes first: the form says what is wrong, in the API's words, and nothing is created.
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('alert')).toHaveText('Manufacturer’s email must be an email address, like name@example.com.');
  await manufacturer.getByRole('textbox', { name: 'Manufacturer’s email' }).fill(maker.email);
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('alert')).toHaveText('Give the warnings and safety information in Romanian too: the law asks for them in Romanian.');
  await safety.getByRole('textbox', { name: 'Warnings and safety information in Romanian' }).fill('Nu este o jucărie.\nNu lăsa la îndemâna copiilor.');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('heading', { name: 'Dummy Torch', level: 1 })).toBeVisible();

  // Saved as typed (the warnings as one paragraph each).
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Manufacturer’s email' })).toHaveValue(maker.email);
  await expect(page.getByRole('textbox', { name: 'Type, batch or model' })).toHaveValue('TR-7');
  await expect(page.getByRole('textbox', { name: 'Warnings and safety information in Romanian' })).toHaveValue('Nu este o jucărie. Nu lăsa la îndemâna copiilor.');
  await expect(page.getByRole('checkbox', { name: 'Exclude from feeds' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Title in the feeds (Romanian)' })).toHaveValue('Lanternă');
  const feed = await (await page.request.get('/feeds/google.xml')).text();
  expect(feed).toContain('<g:brand>');
  expect(feed).not.toContain('Dummy Torch');
  expect(feed).not.toContain('Lanternă');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'View page' }).click();
  await expect(page.getByRole('heading', { name: 'Dummy Torch', level: 1 })).toBeVisible();
  const section = page.getByRole('region', { name: 'Product safety' });
  await expect(section.getByRole('term')).toHaveText(['Manufacturer', 'Responsible person in the EU', 'Type, batch or model', 'Warnings and safety information']);
  await expect(section.getByRole('definition').nth(0)).toContainText(`${maker.name}${maker.address}${maker.email}`);
  await expect(section.getByRole('link', { name: maker.email })).toHaveAttribute('href', `mailto:${maker.email}`);
  await expect(section.getByRole('definition').nth(1)).toContainText(representative.name);
  await expect(section.getByRole('definition').nth(2)).toHaveText('TR-7');
  await expect(section.getByRole('definition').nth(3)).toHaveText('Not a toy. Keep away from children.');
  await section.scrollIntoViewIfNeeded();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);

  const [item] = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
  expect(item).toMatchObject({ '@type': 'Product', name: 'Dummy Torch', model: 'TR-7', manufacturer: { '@type': 'Organization', ...maker } });

  // In Romanian: the Romanian warnings.
  await page.getByRole('button', { name: 'Română' }).click();
  const romanian = page.getByRole('region', { name: 'Siguranța produsului' });
  await expect(romanian.getByRole('definition').nth(3)).toHaveText('Nu este o jucărie. Nu lăsa la îndemâna copiilor.');
  await expect(romanian.getByRole('term').first()).toHaveText('Producător');
  await expectAccessible(page);

  // Back in English, a product with none of it shows no section at all.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('region', { name: 'Product safety' })).toBeVisible();
  await page.goto('/shop/dummy-marker');
  await expect(page.getByRole('heading', { name: 'Dummy Marker', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Product safety' })).toHaveCount(0);
});
