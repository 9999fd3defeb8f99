import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, REDIRECT_DELAY_MS } from '../../../domain/accounts';
import { ApiError, apiRequest } from '../../lib/api';
import { refreshSession } from '../../lib/session';

export type AuthFeedback = { kind: 'error' | 'success'; text: string } | null;

/**
 * Sends a sign-in or sign-up to better-auth. The server's message is shown as it is; anything
 * unexpected gets the spec's generic text. On success: the spec's message, then `next` (/ by
 * default) after 1 second.
 */
export function useAuthForm(endpoint: '/auth/sign-in/email' | '/auth/sign-up/email', successText: string, next = '/') {
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
      await refreshSession();
      setFeedback({ kind: 'success', text: successText });
      redirect.current = setTimeout(() => navigate(next), REDIRECT_DELAY_MS);
    } catch (error) {
      const text = error instanceof ApiError && error.status < 500 ? error.message : ACCOUNT_MESSAGES.unexpected;
      setFeedback({ kind: 'error', text });
      setBusy(false);
    }
  }

  return { feedback, busy, submit, showProblem: (text: string) => setFeedback({ kind: 'error', text }) };
}
