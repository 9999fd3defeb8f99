import { ANPC_SAL_URL, type CompanyInfo } from '../../domain/company';
import { LEGAL_PAGES, legalPath, WITHDRAWAL_PATH } from '../../domain/legal';
import { FREE_SHIPPING_THRESHOLD, SHIPPING_FEE } from '../../domain/pricing';
import { CompanyDetails } from '../components/CompanyDetails';
import { useI18n } from '../lib/i18n';
import { SHOP_NAME, SOCIAL_HANDLE, SOCIAL_URL } from '../lib/shopInfo';

/**
 * Every storefront page's footer: shipping and payment terms, the seller's identification (ANPC
 * Order 225/2023), the legal pages and the ANPC SAL pictogram (ANPC Order 449/2022). Static, so it
 * costs the browser no JavaScript: the server renderer makes its HTML (web/entry-server.tsx) and the
 * server puts it after the app in every page it sends (server/modules/pages); React never renders
 * it in the browser, so its links are plain links. The back office hides it (web/styles.css). Its
 * words (`footer.*`) are therefore the server's only: no page embeds them for the browser
 * (messagesDataScript, domain/contracts/pages.ts).
 */
export function Footer({ company }: { company: CompanyInfo }) {
  const { t, moneyShort } = useI18n();
  return (
    <footer className="site-footer border-t border-zinc-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm text-zinc-700 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="space-y-3">
          <p>
            <strong className="block text-zinc-900">{t('footer.shipping')}</strong>
            {t('footer.shippingTerms', { fee: moneyShort(SHIPPING_FEE), threshold: moneyShort(FREE_SHIPPING_THRESHOLD) })}
          </p>
          <p>
            <strong className="block text-zinc-900">{t('footer.payment')}</strong>
            {t('footer.paymentTerms')}{' '}
            <a href={SOCIAL_URL} className="font-semibold text-brand-dark underline" rel="noopener noreferrer" target="_blank">
              {SOCIAL_HANDLE}
            </a>
            .
          </p>
        </div>
        <section aria-labelledby="footer-seller">
          <h2 id="footer-seller" className="font-bold text-zinc-900">
            {t('footer.seller')}
          </h2>
          <CompanyDetails company={company} className="mt-1" />
        </section>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="font-bold text-zinc-900">
            {t('footer.legal')}
          </h2>
          <ul className="mt-1 space-y-1">
            {LEGAL_PAGES.map((page) => (
              <li key={page}>
                <a href={legalPath(page)} className="underline hover:text-zinc-900">
                  {t(`footer.page.${page}`)}
                </a>
              </li>
            ))}
            {/* The withdrawal function the law asks for since 19 June 2026 (OUG 34/2014 art. 11¹), in its own words: the form of the statement, then Confirm withdrawal. */}
            <li>
              <a href={WITHDRAWAL_PATH} className="font-semibold underline hover:text-zinc-900">
                {t('footer.withdraw')}
              </a>
            </li>
          </ul>
        </nav>
        <div className="space-y-3">
          <a href={ANPC_SAL_URL} rel="noopener noreferrer" target="_blank" className="inline-block focus-visible:outline-3 focus-visible:outline-brand">
            <img src="/anpc-sal.svg" width={250} height={50} alt={t('footer.sal')} loading="lazy" decoding="async" />
          </a>
          <p>
            <strong className="block text-zinc-900">{SHOP_NAME}</strong>© {new Date().getFullYear()} · {t('footer.prices')}
          </p>
        </div>
      </div>
    </footer>
  );
}
