import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { signOut, useSession } from '../../lib/session';

const linkClass = 'inline-flex items-center whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-zinc-700 hover:text-zinc-900 focus-visible:outline-3 focus-visible:outline-brand sm:px-3';

/** Header links: 'Sign in' for guests; 'My orders' and 'Sign out' once signed in, and 'Back office' for the owner. */
export function AccountNav() {
  const session = useSession();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const { t } = useI18n();

  if (session.status === 'loading') return null;
  if (session.status === 'signedOut') {
    return (
      <Link to="/login" className={linkClass}>
        {t('account.signIn')}
      </Link>
    );
  }
  return (
    <>
      {session.owner && (
        <Link to="/admin" className={`${linkClass} hidden sm:inline-flex`}>
          {t('account.backOffice')}
        </Link>
      )}
      <Link to="/account/orders" className={linkClass} title={t('account.signedInAs', { email: session.email })}>
        {/* On a phone the header has room for an icon only; the name stays for screen readers. */}
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 sm:hidden" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
        </svg>
        <span className="sr-only sm:not-sr-only">{t('account.myOrders')}</span>
      </Link>
      <button
        type="button"
        className={linkClass}
        aria-describedby={failed ? 'sign-out-error' : undefined}
        onClick={() =>
          signOut()
            .then(() => navigate('/'))
            .catch(() => setFailed(true))
        }
      >
        {t('account.signOut')}
      </button>
      {failed && (
        <span id="sign-out-error" role="alert" className="sr-only">
          {t('account.signOutFailed')}
        </span>
      )}
    </>
  );
}
