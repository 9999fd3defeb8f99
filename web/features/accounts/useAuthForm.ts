import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, REDIRECT_DELAY_MS } from '../../../domain/accounts';
import { ApiError, apiRequest } from '../../lib/api';
import { refreshSession } from '../../lib/session';

export type AuthFeedback = { kind: 'error' | 'success'; text: string } | null;

type AuthEndpoint = '/auth/sign-in/email' | '/auth/sign-up/email' | '/auth/reset-password' | '/auth/request-password-reset';

/**
 * Sends an account form to the server. The server's message is shown as it is; anything
 * unexpected gets the spec's generic text. On success: `successText`, then, for a form that signs
 * the visitor in, `next` (/ by default) after 1 second; `next` null stays on the page.
 */
export function useAuthForm(endpoint: AuthEndpoint, successText: string, next: string | null = '/') {
  const navigate = useNavigate();
  const [feedback, setFeedback] = useState<AuthFeedback>(null);
  const [busy, setBusy] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  async function submit(body: Record<string, string>) {
    setBusy(true);
    setFeedback(null);
    try {
      await apiRequest(endpoint, null, { method: 'POST', body: JSON.stringify(body) });
      if (next !== null) await refreshSession();
      setFeedback({ kind: 'success', text: successText });
      if (next === null) return setBusy(false);
      redirect.current = setTimeout(() => navigate(next), REDIRECT_DELAY_MS);
    } catch (error) {
      const text = error instanceof ApiError && error.status < 500 ? error.message : ACCOUNT_MESSAGES.unexpected;
      setFeedback({ kind: 'error', text });
      setBusy(false);
    }
  }

  return { feedback, busy, submit, showProblem: (text: string) => setFeedback({ kind: 'error', text }) };
}
