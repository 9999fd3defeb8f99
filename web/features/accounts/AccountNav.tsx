import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { signOut, useSession } from '../../lib/session';

const linkClass = 'inline-flex items-center whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-zinc-700 hover:text-zinc-900 focus-visible:outline-3 focus-visible:outline-brand sm:px-3';
const iconButton = 'inline-flex h-11 w-10 items-center justify-center rounded-full text-zinc-800 hover:bg-zinc-100 focus-visible:outline-3 focus-visible:outline-brand';
const menuItem = 'flex min-h-11 w-full items-center whitespace-nowrap px-4 text-left text-sm font-medium text-zinc-800 hover:bg-zinc-100 focus-visible:outline-3 focus-visible:outline-brand';

const PersonIcon = ({ className = 'h-6 w-6' }: { className?: string }) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
  </svg>
);

/**
 * The header's account: 'Sign in' for guests; once signed in, 'My orders' and 'Sign out', and 'Back office' for the
 * owner. On a phone (issue 46) they fold into one account button, a person icon, so the logo, the language and the
 * cart keep their place at 320 px: a guest's opens the sign-in, a signed-in visitor's opens a menu of the three.
 */
export function AccountNav() {
  const session = useSession();
  const { t } = useI18n();

  if (session.status === 'loading') return null;
  if (session.status === 'signedOut') {
    return (
      <Link to="/login" className={`${linkClass} max-sm:h-11 max-sm:w-10 max-sm:justify-center max-sm:rounded-full max-sm:px-0`}>
        <PersonIcon className="h-6 w-6 sm:hidden" />
        <span className="sr-only sm:not-sr-only">{t('account.signIn')}</span>
      </Link>
    );
  }
  return (
    <>
      <span className="hidden items-center sm:inline-flex">
        {session.owner && (
          <Link to="/admin" className={linkClass}>
            {t('account.backOffice')}
          </Link>
        )}
        <Link to="/account/orders" className={linkClass} title={t('account.signedInAs', { email: session.email })}>
          {t('account.myOrders')}
        </Link>
        <SignOut className={linkClass} />
      </span>
      <AccountMenu email={session.email} owner={session.owner} />
    </>
  );
}

function SignOut({ className, onDone }: { className: string; onDone?: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const errorId = useId();
  return (
    <>
      <button
        type="button"
        className={className}
        aria-describedby={failed ? errorId : undefined}
        onClick={() =>
          signOut()
            .then(() => {
              onDone?.();
              navigate('/');
            })
            .catch(() => setFailed(true))
        }
      >
        {t('account.signOut')}
      </button>
      {failed && (
        <span id={errorId} role="alert" className="sr-only">
          {t('account.signOutFailed')}
        </span>
      )}
    </>
  );
}

/**
 * The phone's account menu (a disclosure: the button says whether it is open): who is signed in, My orders, Back office
 * for the owner, Sign out, below the header's right edge. It closes on Escape (focus back on its button), on a tap outside it and on leaving the page.
 */
function AccountMenu({ email, owner }: { email: string; owner: boolean }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closed whenever the page changes
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="sm:hidden">
      <button ref={button} type="button" aria-expanded={open} aria-controls={menuId} className={iconButton} onClick={() => setOpen((was) => !was)}>
        <PersonIcon />
        <span className="sr-only">{t('account.menu')}</span>
      </button>
      {open && (
        <div id={menuId} className="absolute top-full right-4 z-30 w-60 max-w-[calc(100vw-2rem)] rounded-lg bg-white py-2 shadow-lg ring-1 ring-zinc-200">
          <p className="truncate px-4 pb-2 text-xs text-zinc-600">{t('account.signedInAs', { email })}</p>
          <ul>
            <li>
              <Link to="/account/orders" className={menuItem}>
                {t('account.myOrders')}
              </Link>
            </li>
            {owner && (
              <li>
                <Link to="/admin" className={menuItem}>
                  {t('account.backOffice')}
                </Link>
              </li>
            )}
            <li>
              <SignOut className={menuItem} onDone={() => setOpen(false)} />
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
