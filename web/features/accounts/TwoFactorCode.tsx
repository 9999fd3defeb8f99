import { useId, useState } from 'react';
import { inputClass } from '../../components/ui/styles';
import { useI18n } from '../../lib/i18n';
import { AuthLayout } from './AuthLayout';
import { useAuthForm } from './useAuthForm';

/**
 * A sign-in's second step when the account has two-factor sign-in on (issue 48): the code the authenticator app shows,
 * or one of the backup codes; this device may be trusted for 30 days. `next` and `ownerNext` as the sign-in's.
 */
export function TwoFactorCode({ next, ownerNext, onRestart }: { next: string | null; ownerNext?: string; onRestart(): void }) {
  const { t } = useI18n();
  const id = useId();
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [trust, setTrust] = useState(false);
  const app = useAuthForm('/auth/two-factor/verify-totp', 'message.account.signInSuccess', next, ownerNext);
  const spare = useAuthForm('/auth/two-factor/verify-backup-code', 'message.account.signInSuccess', next, ownerNext);
  const form = backup ? spare : app;
  const switchKind = () => {
    setBackup(!backup);
    setCode('');
  };
  // The sign-in's pending second factor is over (10 minutes, or 5 wrong codes): only signing in again helps.
  const expired = form.feedback?.kind === 'error' && ['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE'].includes(form.feedback.code ?? '');

  return (
    <AuthLayout
      title={t('account.twoFactor.signInTitle')}
      submitLabel={t('account.twoFactor.verify')}
      busy={form.busy}
      feedback={form.feedback}
      onSubmit={(event) => {
        event.preventDefault();
        const typed = backup ? code.trim() : code.replace(/\s/g, '');
        if (!typed) return form.showProblem({ id: 'error.account.code.required' });
        void form.submit({ code: typed, trustDevice: trust });
      }}
      footer={
        <button type="button" className="font-semibold text-brand-dark underline" onClick={expired ? onRestart : switchKind}>
          {t(expired ? 'account.twoFactor.signInAgain' : backup ? 'account.twoFactor.useApp' : 'account.twoFactor.useBackup')}
        </button>
      }
    >
      <p className="text-zinc-700">{t(backup ? 'account.twoFactor.backupPrompt' : 'account.twoFactor.codePrompt')}</p>
      <div>
        <label htmlFor={id} className="block font-medium">
          {t(backup ? 'account.twoFactor.backupCode' : 'account.twoFactor.code')}
        </label>
        <input
          id={id}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          inputMode={backup ? 'text' : 'numeric'}
          autoCapitalize="none"
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: the one field of a step the visitor has just been sent to
          autoFocus
          className={inputClass}
        />
      </div>
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" checked={trust} onChange={(event) => setTrust(event.target.checked)} className="size-5 accent-brand" />
        {t('account.twoFactor.trustDevice')}
      </label>
    </AuthLayout>
  );
}
