import { Link, NavLink, Outlet } from 'react-router';
import { FREE_SHIPPING_THRESHOLD } from '../../domain/pricing';
import { AccountNav } from '../features/accounts/AccountNav';
import { useI18n } from '../lib/i18n';
import { useFlashSaleText } from '../lib/promotion';
import { SHOP_NAME } from '../lib/shopInfo';
import { CartButton } from './CartButton';
import { LanguageSwitch } from './LanguageSwitch';

const navLink = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium sm:px-3 focus-visible:outline-3 focus-visible:outline-brand ${isActive ? 'text-brand-dark underline underline-offset-4' : 'text-zinc-700 hover:text-zinc-900'}`;

// Narrower than the links on a phone: the header holds the shop's name, Shop, the account, the switch and the cart in 375 px.
const languageSwitch = 'whitespace-nowrap rounded-md px-1 py-2 text-sm font-medium text-zinc-700 hover:text-zinc-900 sm:px-3 focus-visible:outline-3 focus-visible:outline-brand';

export function Layout() {
  const { t, moneyShort } = useI18n();
  const flashSale = useFlashSaleText();
  return (
    // The page's footer follows #root (server-rendered, web/app/Footer.tsx): this fills the screen above it.
    <div className="flex flex-1 flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t('layout.skipToContent')}
      </a>
      <aside aria-label={t('promotion.label')} className="bg-red-700 px-4 py-2 text-center text-sm font-semibold text-white">
        {`${flashSale ? `${flashSale} · ` : ''}${t('promotion.freeShippingOver', { amount: moneyShort(FREE_SHIPPING_THRESHOLD) })}`}
      </aside>
      <header className="sticky top-0 z-20 border-b border-zinc-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
          <Link to="/" className="whitespace-nowrap text-lg font-extrabold tracking-tight focus-visible:outline-3 focus-visible:outline-brand">
            {SHOP_NAME}
          </Link>
          <nav aria-label={t('nav.main')} className="flex items-center gap-0.5 sm:gap-1">
            <NavLink to="/" end className={(state) => `${navLink(state)} hidden sm:inline-block`}>
              {t('nav.home')}
            </NavLink>
            <NavLink to="/shop" className={navLink}>
              {t('nav.shop')}
            </NavLink>
            <AccountNav />
            <LanguageSwitch className={languageSwitch} />
            <CartButton />
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        {/* Each page shows Loading in its place while its code comes (web/app/lazyPage.tsx). */}
        <Outlet />
      </main>
    </div>
  );
}
