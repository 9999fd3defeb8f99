import { lazy, Suspense, useState } from 'react';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { refreshSession, useSession } from '../../lib/session';
import { PasswordField } from './fields';

const TwoFactorSetup = lazy(() => import('./TwoFactorSetup').then((module) => ({ default: module.TwoFactorSetup })));

/** Your data's two-factor sign-in (issue 48): a customer may turn it on (TwoFactorSetup) or off with the password. */
export function TwoFactorSection() {
  const { t } = useI18n();
  const session = useSession();
  const [settingUp, setSettingUp] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (session.status !== 'signedIn') return null;

  async function turnOff() {
    setBusy(true);
    setProblem(null);
    try {
      await apiRequest('/auth/two-factor/disable', null, { method: 'POST', body: JSON.stringify({ password }) });
      setPassword('');
      await refreshSession();
    } catch (failure) {
      setProblem(failure instanceof ApiError && failure.status < 500 ? failure.message : t('message.account.unexpected'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="two-factor-title" className="mt-8">
      <h2 id="two-factor-title" className="text-xl font-semibold">
        {t('account.twoFactor.title')}
      </h2>
      <p className="mt-1 text-zinc-700">{t(session.twoFactor ? 'account.twoFactor.isOn' : 'account.twoFactor.isOff')}</p>
      {!session.twoFactor && !settingUp && (
        <button type="button" className={`${secondaryButton} mt-3`} onClick={() => setSettingUp(true)}>
          {t('account.twoFactor.turnOn')}
        </button>
      )}
      {!session.twoFactor && settingUp && (
        <Suspense fallback={null}>
          <div className="mt-3">
            <TwoFactorSetup onDone={() => setSettingUp(false)} />
          </div>
        </Suspense>
      )}
      {session.twoFactor && (
        <form
          noValidate
          className="mt-3 flex max-w-md flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void turnOff();
          }}
        >
          <PasswordField field="password" value={password} onChange={setPassword} autoComplete="current-password" />
          {problem && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
          <button type="submit" disabled={busy} className={primaryButton}>
            {t('account.twoFactor.turnOff')}
          </button>
        </form>
      )}
    </section>
  );
}
