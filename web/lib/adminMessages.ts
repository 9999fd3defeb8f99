import { use } from 'react';
import { type I18n, useTranslations } from './i18n';

/** The back office's catalogue, added to the page's translations when the back office loads. */
async function loadAdminMessages(i18n: I18n): Promise<void> {
  const module = i18n.locale === 'ro' ? await import('../../locales/admin/ro') : await import('../../locales/admin/en');
  i18n.load(module.messages);
}

const adminLoads = new WeakMap<I18n, Promise<void>>();

/** Suspends the back office until its catalogue is in the page's translations (loaded once a page). */
export function useAdminMessages(): void {
  const i18n = useTranslations();
  let loading = adminLoads.get(i18n);
  if (!loading) {
    loading = loadAdminMessages(i18n);
    adminLoads.set(i18n, loading);
  }
  use(loading);
}
