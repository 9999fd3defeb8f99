import { useState } from 'react';
import { Link } from 'react-router';
import { signUpProblem } from '../../../domain/accounts';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AuthLayout } from './AuthLayout';
import { EmailField, PasswordField } from './fields';
import { useAuthForm } from './useAuthForm';

export default function SignUpPage() {
  const { t } = useI18n();
  useDocumentTitle(t('account.createAccount'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const form = useAuthForm('/auth/sign-up/email', 'message.account.signUpSuccess');

  return (
    <AuthLayout
      title={t('account.createAccount')}
      submitLabel={t('account.signUpButton')}
      busy={form.busy}
      feedback={form.feedback}
      onSubmit={(event) => {
        event.preventDefault();
        const problem = signUpProblem(email, password, confirmPassword);
        if (problem) return form.showProblem(problem);
        const address = email.trim();
        // better-auth asks for a name; the spec's form has none, so the address's first part stands in.
        void form.submit({ email: address, password, name: address.split('@')[0] ?? address });
      }}
      footer={
        <>
          {t('account.alreadyHaveAccount')}{' '}
          <Link to="/login" className="font-semibold text-brand-dark underline">
            {t('account.signInLink')}
          </Link>
        </>
      }
    >
      <EmailField value={email} onChange={setEmail} />
      <PasswordField field="password" value={password} onChange={setPassword} autoComplete="new-password" />
      <PasswordField field="confirmPassword" value={confirmPassword} onChange={setConfirmPassword} autoComplete="new-password" />
    </AuthLayout>
  );
}
