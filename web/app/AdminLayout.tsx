import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { exampleCompanySettings } from '../../domain/company';
import { primaryButton } from '../components/ui/styles';
import { companyInfo } from '../lib/company';
import { useI18n } from '../lib/i18n';
import { useSession } from '../lib/session';
import { SHOP_NAME } from '../lib/shopInfo';
import { LanguageSwitch } from './LanguageSwitch';

const TwoFactorSetup = lazy(() => import('../features/accounts/TwoFactorSetup').then((module) => ({ default: module.TwoFactorSetup })));

/** The back office's sections; a new one (e.g. Products) is one entry here and one route in AdminApp. */
const SECTIONS = [
  { to: '/admin', label: 'admin.nav.orders', end: false },
  { to: '/admin/returns', label: 'admin.nav.returns', end: false },
  { to: '/admin/products', label: 'admin.nav.products', end: false },
  { to: '/admin/invoices', label: 'admin.nav.invoices', end: false },
  { to: '/admin/codes', label: 'admin.nav.codes', end: false },
  { to: '/admin/testimonials', label: 'admin.nav.testimonials', end: false },
  { to: '/admin/reviews', label: 'admin.nav.reviews', end: false },
  { to: '/admin/mails', label: 'admin.nav.mails', end: false },
  { to: '/admin/owners', label: 'admin.nav.owners', end: false },
] as const;

const sectionLink = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium focus-visible:outline-3 focus-visible:outline-brand ${isActive ? 'bg-zinc-900 text-white' : 'text-zinc-700 hover:bg-zinc-100'}`;

/** Orders is active on the list and on an order's page, not on the other sections. */
function isActive(to: string, pathname: string) {
  if (to !== '/admin') return pathname.startsWith(to);
  return pathname === '/admin' || pathname === '/admin/' || pathname.startsWith('/admin/orders');
}

/**
 * The back office's frame. Only the shop's owner sees its pages: a visitor is asked to sign in, a
 * customer is told it is not for them, and neither ever gets data (the API refuses them too).
 */
export function AdminLayout() {
  const session = useSession();
  const { t } = useI18n();
  const { pathname, search } = useLocation();

  const gated = session.status !== 'signedIn' || !session.owner || !session.twoFactor;
  useEffect(() => {
    // The pages name themselves; the gate has no page of its own.
    if (gated) document.title = t('admin.backOffice');
  }, [gated, t]);

  let content: ReactNode;
  if (session.status === 'loading') {
    content = (
      <p role="status" className="py-8 text-zinc-600">
        {t('admin.loading')}
      </p>
    );
  } else if (session.status === 'signedOut') {
    content = (
      <div className="flex flex-col items-start gap-4 py-8">
        <h1 className="text-2xl font-bold">{t('admin.backOffice')}</h1>
        <p>{t('admin.gate.signInPrompt')}</p>
        <Link to={`/login?redirect=${encodeURIComponent(pathname + search)}`} className={primaryButton}>
          {t('admin.gate.signIn')}
        </Link>
      </div>
    );
  } else if (!session.owner) {
    content = (
      <div className="flex flex-col items-start gap-4 py-8">
        <h1 className="text-2xl font-bold">{t('admin.backOffice')}</h1>
        <p>{t('admin.gate.ownerOnly')}</p>
        <Link to="/" className="font-semibold text-brand-dark underline">
          {t('admin.gate.backToShop')}
        </Link>
      </div>
    );
  } else if (!session.twoFactor) {
    // An owner without a second factor sets it up before anything else (issue 48); the API refuses them meanwhile.
    content = (
      <div className="flex max-w-lg flex-col gap-4 py-8">
        <h1 className="text-2xl font-bold">{t('admin.twoFactor.title')}</h1>
        <p>{t('admin.twoFactor.why')}</p>
        <Suspense fallback={<p className="text-zinc-600">{t('admin.loading')}</p>}>
          <TwoFactorSetup onDone={() => undefined} />
        </Suspense>
      </div>
    );
  } else {
    const examples = exampleCompanySettings(companyInfo());
    content = (
      <>
        {/* The company's details are on every page and invoice: the placeholders must go before the shop sells (issue 46). */}
        {examples.length > 0 && (
          <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm break-words text-amber-950 ring-1 ring-amber-300">
            <strong>{t('admin.exampleCompany.title')}</strong> {t('admin.exampleCompany.todo', { settings: examples.join(', ') })}
          </p>
        )}
        <Suspense fallback={<p className="py-8 text-zinc-600">{t('admin.loading')}</p>}>
          <Outlet />
        </Suspense>
      </>
    );
  }

  return (
    <div data-back-office className="flex min-h-dvh flex-col bg-zinc-50">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t('admin.skipToContent')}
      </a>
      <header className="border-b border-zinc-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 sm:px-6">
          <p className="font-extrabold tracking-tight">
            {SHOP_NAME} <span className="font-medium text-zinc-600">· {t('admin.backOffice')}</span>
          </p>
          <div className="flex items-center gap-2">
            <LanguageSwitch className="inline-flex min-h-11 items-center rounded-md px-2 text-sm font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:outline-3 focus-visible:outline-brand" />
            <Link to="/" className="text-sm font-medium text-zinc-700 underline hover:text-zinc-900">
              {t('admin.viewShop')}
            </Link>
          </div>
        </div>
        {session.status === 'signedIn' && session.owner && session.twoFactor && (
          <nav aria-label={t('admin.backOffice')} className="mx-auto max-w-6xl overflow-x-auto px-2 pb-2 sm:px-4">
            <ul className="flex gap-1">
              {SECTIONS.map((section) => (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    end={section.end}
                    className={() => sectionLink({ isActive: isActive(section.to, pathname) })}
                    aria-current={isActive(section.to, pathname) ? 'page' : undefined}
                  >
                    {t(section.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6">
        {content}
      </main>
    </div>
  );
}
