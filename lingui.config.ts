import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

/**
 * The shop's message catalogues (decision 0020): keyed, one JSON file per area and language, written by hand
 * (no extraction: the keys are typed, see locales/messages.ts). `npm run messages` compiles them into
 * locales/<area>/<language>.ts; `--strict` fails when a Romanian text is missing.
 */
const config: LinguiConfig = {
  sourceLocale: 'en',
  locales: ['en', 'ro'],
  format: formatter({ style: 'minimal' }),
  catalogs: ['shop', 'admin', 'mail'].map((area) => ({ path: `<rootDir>/locales/${area}/{locale}`, include: [] })),
  compileNamespace: 'es',
};
export default config;
