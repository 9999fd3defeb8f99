import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES, newPasswordProblem } from '../../../domain/accounts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AuthLayout } from './AuthLayout';
import { EmailField, PasswordField } from './fields';
import { useAuthForm } from './useAuthForm';

const backToSignIn = (
  <>
    Remembered it?{' '}
    <Link to="/login" className="font-semibold text-brand-dark underline">
      Sign in
    </Link>
  </>
);

/** "Forgot password?": the address to send a link to. The answer is the same whether it has an account or not. */
function AskForLink() {
  useDocumentTitle('Reset your password');
  const [email, setEmail] = useState('');
  const form = useAuthForm('/auth/request-password-reset', ACCOUNT_MESSAGES.resetLinkSent, null);
  return (
    <AuthLayout
      title="Reset your password"
      submitLabel="Send Reset Link"
      busy={form.busy}
      feedback={form.feedback}
      onSubmit={(event) => {
        event.preventDefault();
        if (!email.trim()) return form.showProblem(ACCOUNT_MESSAGES.fieldsRequired);
        void form.submit({ email: email.trim() });
      }}
      footer={backToSignIn}
    >
      <p className="text-zinc-700">Enter the email address of your account and we will send you a link to choose a new password.</p>
      <EmailField value={email} onChange={setEmail} />
    </AuthLayout>
  );
}

/** The mail's link: a new password typed twice, then the customer is signed in. */
function ChooseNewPassword({ token }: { token: string }) {
  useDocumentTitle('Choose a new password');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const form = useAuthForm('/auth/reset-password', ACCOUNT_MESSAGES.passwordChanged);
  const linkExpired = form.feedback?.text === ACCOUNT_MESSAGES.resetLinkInvalid;
  return (
    <AuthLayout
      title="Choose a new password"
      submitLabel="Save New Password"
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
            Send me a new link
          </Link>
        ) : (
          backToSignIn
        )
      }
    >
      <PasswordField label="New password" value={password} onChange={setPassword} autoComplete="new-password" />
      <PasswordField label="Confirm new password" value={confirmPassword} onChange={setConfirmPassword} autoComplete="new-password" />
    </AuthLayout>
  );
}

/** /reset-password asks for the address; /reset-password?token=… (the mailed link) sets the new password. */
export default function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token');
  // A new key per token, so following a second link starts a fresh form.
  return token ? <ChooseNewPassword key={token} token={token} /> : <AskForLink />;
}
