import { describe, expect, it } from 'vitest';
import { loadConfig, uploadsDirOf } from './env';

describe('configuration', () => {
  it('runs with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: 'localhost', DATA_DIR: './data', NODE_ENV: 'development' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('respects PORT, HOST, DATA_DIR and DATABASE_URL, and treats blank values as unset', () => {
    const config = loadConfig({ PORT: '8080', HOST: '0.0.0.0', DATA_DIR: '/var/shop', DATABASE_URL: 'postgres://shop@db/shop', LOG_LEVEL: '' });
    expect(config).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', DATA_DIR: '/var/shop', DATABASE_URL: 'postgres://shop@db/shop', LOG_LEVEL: 'info' });
  });

  it('refuses nonsense with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('refuses a Stripe key without the webhook secret, which would leave every payment unconfirmed', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(/STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY/);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).STRIPE_WEBHOOK_SECRET).toBe('whsec_1');
  });

  it('keeps uploaded images in DATA_DIR/uploads unless UPLOADS_DIR says otherwise', () => {
    expect(uploadsDirOf(loadConfig({}))).toBe('data/uploads');
    expect(uploadsDirOf(loadConfig({ DATA_DIR: '/var/shop' }))).toBe('/var/shop/uploads');
    expect(uploadsDirOf(loadConfig({ DATA_DIR: '/var/shop', UPLOADS_DIR: '/mnt/shared/uploads' }))).toBe('/mnt/shared/uploads');
  });
});
