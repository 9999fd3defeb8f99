import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { newPasswordProblem } from '../../../domain/accounts';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AuthLayout } from './AuthLayout';
import { EmailField, PasswordField } from './fields';
import { useAuthForm } from './useAuthForm';

function BackToSignIn() {
  const { t } = useI18n();
  return (
    <>
      {t('account.rememberedIt')}{' '}
      <Link to="/login" className="font-semibold text-brand-dark underline">
        {t('account.signInLink')}
      </Link>
    </>
  );
}

/** "Forgot password?": the address to send a link to. The answer is the same whether it has an account or not. */
function AskForLink() {
  const { t } = useI18n();
  useDocumentTitle(t('account.resetPassword'));
  const [email, setEmail] = useState('');
  const form = useAuthForm('/auth/request-password-reset', 'message.account.resetLinkSent', null);
  return (
    <AuthLayout
      title={t('account.resetPassword')}
      submitLabel={t('account.sendResetLink')}
      busy={form.busy}
      feedback={form.feedback}
      onSubmit={(event) => {
        event.preventDefault();
        if (!email.trim()) return form.showProblem({ id: 'message.account.fieldsRequired' });
        void form.submit({ email: email.trim() });
      }}
      footer={<BackToSignIn />}
    >
      <p className="text-zinc-700">{t('account.resetPassword.intro')}</p>
      <EmailField value={email} onChange={setEmail} />
    </AuthLayout>
  );
}

/** The mail's link: a new password typed twice, then the customer is signed in. */
function ChooseNewPassword({ token }: { token: string }) {
  const { t } = useI18n();
  useDocumentTitle(t('account.chooseNewPassword'));
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const form = useAuthForm('/auth/reset-password', 'message.account.passwordChanged');
  const linkExpired = form.feedback?.code === 'invalid_token';
  return (
    <AuthLayout
      title={t('account.chooseNewPassword')}
      submitLabel={t('account.saveNewPassword')}
      busy={form.busy}
      feedback={form.feedback}
      onSubmit={(event) => {
        event.preventDefault();
        const problem = newPasswordProblem(password, confirmPassword);
        if (problem) return form.showProblem(problem);
        void form.submit({ token, newPassword: password });
      }}
      footer={
        linkExpired ? (
          <Link to="/reset-password" className="font-semibold text-brand-dark underline">
            {t('account.sendNewLink')}
          </Link>
        ) : (
          <BackToSignIn />
        )
      }
    >
      <PasswordField field="newPassword" value={password} onChange={setPassword} autoComplete="new-password" />
      <PasswordField field="confirmNewPassword" value={confirmPassword} onChange={setConfirmPassword} autoComplete="new-password" />
    </AuthLayout>
  );
}

/** /reset-password asks for the address; /reset-password?token=… (the mailed link) sets the new password. */
export default function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token');
  // A new key per token, so following a second link starts a fresh form.
  return token ? <ChooseNewPassword key={token} token={token} /> : <AskForLink />;
}
