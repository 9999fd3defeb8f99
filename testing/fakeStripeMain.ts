/** Runs the fake Stripe on its own, for the end-to-end tests (see playwright.config.ts). */
import { startFakeStripe } from './fakeStripe';

const fake = await startFakeStripe({
  port: Number(process.env.FAKE_STRIPE_PORT ?? 4320),
  prices: JSON.parse(process.env.FAKE_STRIPE_PRICES ?? '{}') as Record<string, number>,
  webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL,
  webhookSecret: process.env.FAKE_STRIPE_WEBHOOK_SECRET,
});
console.log(`fake Stripe listening on ${fake.url}`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
