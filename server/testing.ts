import type { Db } from '../db/client';
import { buildApp } from './app';

/** The origin API tests pretend the browser is on; auth requests must come from it. */
export const TEST_ORIGIN = 'http://shop.test';

/** The app as tests drive it with app.inject: no web app, no logs, a fixed auth secret. */
export function buildTestApp(db: Db, webRoot = './no-web-app') {
  return buildApp({
    db,
    config: { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_ROOT: webRoot, TRUST_PROXY: false },
    auth: { baseURL: TEST_ORIGIN, secret: 'test-secret-that-is-at-least-32-characters-long', secureCookies: false },
  });
}
