import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { signInProblem } from '../../../domain/accounts';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AuthLayout } from './AuthLayout';
import { EmailField, PasswordField } from './fields';
import { TwoFactorCode } from './TwoFactorCode';
import { useAuthForm } from './useAuthForm';

export default function LoginPage() {
  const { t } = useI18n();
  useDocumentTitle(t('account.signIn'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // ?redirect=/admin brings the owner back to the back office; only the shop's own paths are followed. Without one, an
  // owner lands on the back office (where they work) and a customer on the home page.
  const redirect = useSearchParams()[0].get('redirect');
  const safe = redirect?.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\');
  // An account with two-factor sign-in on is asked its code next, on the same page.
  const [secondFactor, setSecondFactor] = useState(false);
  const form = useAuthForm('/auth/sign-in/email', 'message.account.signInSuccess', safe ? redirect : '/', safe ? undefined : '/admin', () => setSecondFactor(true));

  if (secondFactor) return <TwoFactorCode next={safe ? redirect : '/'} ownerNext={safe ? undefined : '/admin'} onRestart={() => setSecondFactor(false)} />;

  return (
    <AuthLayout
      title={t('account.signIn')}
      submitLabel={t('account.signInButton')}
      busy={form.busy}
      feedback={form.feedback}
      onSubmit={(event) => {
        event.preventDefault();
        const problem = signInProblem(email, password);
        if (problem) return form.showProblem(problem);
        void form.submit({ email: email.trim(), password });
      }}
      footer={
        <>
          {t('account.noAccountYet')}{' '}
          <Link to="/signup" className="font-semibold text-brand-dark underline">
            {t('account.createOne')}
          </Link>
        </>
      }
    >
      <EmailField value={email} onChange={setEmail} />
      <PasswordField field="password" value={password} onChange={setPassword} autoComplete="current-password" />
      <Link to="/reset-password" className="-mt-2 self-end text-sm font-semibold text-brand-dark underline">
        {t('account.forgotPassword')}
      </Link>
    </AuthLayout>
  );
}
