import { useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../../domain/accounts';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { inputClass } from '../../components/ui/styles';
import { AuthLayout } from './AuthLayout';
import { PasswordField } from './PasswordField';
import { useAuthForm } from './useAuthForm';

export default function LoginPage() {
  useDocumentTitle('Sign in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useAuthForm('/auth/sign-in/email', ACCOUNT_MESSAGES.signInSuccess);

  return (
    <AuthLayout
      title="Sign in"
      submitLabel="Sign In"
      busy={form.busy}
      feedback={form.feedback}
      onSubmit={(event) => {
        event.preventDefault();
        if (!email.trim() || !password) return form.showProblem(ACCOUNT_MESSAGES.fieldsRequired);
        void form.submit({ email: email.trim(), password });
      }}
      footer={
        <>
          No account yet?{' '}
          <Link to="/signup" className="font-semibold text-brand-dark underline">
            Create one
          </Link>
        </>
      }
    >
      <label className="block font-medium">
        Email
        <input type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} className={inputClass} />
      </label>
      <PasswordField label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
    </AuthLayout>
  );
}
