import type { FormEvent, ReactNode } from 'react';
import { primaryButton } from '../../components/ui/styles';
import type { AuthFeedback } from './useAuthForm';

interface AuthLayoutProps {
  title: string;
  submitLabel: string;
  busy: boolean;
  feedback: AuthFeedback;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
  footer: ReactNode;
}

/** The frame both account forms share: title, fields, the server's answer, the button, a link across. */
export function AuthLayout({ title, submitLabel, busy, feedback, onSubmit, children, footer }: AuthLayoutProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{title}</h1>
      <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200">
        {children}
        {feedback?.kind === 'error' && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {feedback.text}
          </p>
        )}
        {feedback?.kind === 'success' && (
          <p role="status" className="text-sm font-medium text-green-800">
            {feedback.text}
          </p>
        )}
        <button type="submit" disabled={busy} className={primaryButton}>
          {submitLabel}
        </button>
        <p className="text-center text-sm text-zinc-700">{footer}</p>
      </form>
    </div>
  );
}
