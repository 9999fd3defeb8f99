import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type AccountProblem, REDIRECT_DELAY_MS } from '../../../domain/accounts';
import { signInAnswerSchema } from '../../../domain/contracts/accounts';
import type { ShopMessageId } from '../../../locales/messages';
import { ApiError, apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { currentSession, refreshSession } from '../../lib/session';

/** What the form says; `code` is the server's for a refusal it explained (e.g. invalid_token). */
export type AuthFeedback = { kind: 'error' | 'success'; text: string; code?: string } | null;

type AuthEndpoint = '/auth/sign-in/email' | '/auth/sign-up/email' | '/auth/reset-password' | '/auth/request-password-reset' | '/auth/two-factor/verify-totp' | '/auth/two-factor/verify-backup-code';

/**
 * Sends an account form to the server. The server's message (in the visitor's language) is shown as
 * it is; anything unexpected gets the spec's generic text. On success: `successText`, then, for a form that signs
 * the visitor in, `next` (/ by default; `ownerNext` for an owner, the back office where they work) after 1 second;
 * `next` null stays on the page. A sign-in whose account has two-factor sign-in on calls `onSecondFactor` instead: its
 * code is asked next (TwoFactorCode.tsx).
 */
export function useAuthForm(endpoint: AuthEndpoint, successText: ShopMessageId, next: string | null = '/', ownerNext?: string, onSecondFactor?: () => void) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [feedback, setFeedback] = useState<AuthFeedback>(null);
  const [busy, setBusy] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  async function submit(body: Record<string, string | boolean>) {
    setBusy(true);
    setFeedback(null);
    try {
      const answer = await apiRequest(endpoint, signInAnswerSchema, { method: 'POST', body: JSON.stringify(body) });
      if (answer?.twoFactorRedirect && onSecondFactor) {
        setBusy(false);
        return onSecondFactor();
      }
      if (next !== null) await refreshSession();
      setFeedback({ kind: 'success', text: t(successText) });
      if (next === null) return setBusy(false);
      const signedIn = currentSession();
      const to = ownerNext && signedIn.status === 'signedIn' && signedIn.owner ? ownerNext : next;
      redirect.current = setTimeout(() => navigate(to), REDIRECT_DELAY_MS);
    } catch (error) {
      const explained = error instanceof ApiError && error.status < 500;
      setFeedback(explained ? { kind: 'error', text: error.message, code: error.code } : { kind: 'error', text: t('message.account.unexpected') });
      setBusy(false);
    }
  }

  return { feedback, busy, submit, showProblem: (problem: AccountProblem) => setFeedback({ kind: 'error', text: t(problem.id, problem.values) }) };
}
