import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

/**
 * The JavaScript each page loads in Chromium (Debian's, or CHROMIUM_PATH), gzipped at level 9:
 * every script response until the network is idle and every inline script, on a fresh context per page.
 */
export async function measureJavaScript(origin: string, pages: string[]) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const results: { page: string; files: number; gzipBytes: number }[] = [];
  try {
    for (const pagePath of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Map<string, Buffer>();
      page.on('response', async (response) => {
        if (response.request().resourceType() === 'script') scripts.set(response.url(), await response.body());
      });
      await page.goto(`${origin}${pagePath}`, { waitUntil: 'networkidle' });
      // The page's inline scripts count too (a server-rendered page's loader), each as a file.
      const inline = await page.locator('script:not([src]):not([type*="json"])').allTextContents();
      for (const [index, text] of inline.entries()) scripts.set(`inline ${index}`, Buffer.from(text));
      const gzipBytes = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
      results.push({ page: pagePath, files: scripts.size, gzipBytes });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
