import { type FormEvent, useId, useState } from 'react';
import { encode } from 'uqr';
import { twoFactorSetupSchema } from '../../../domain/contracts/accounts';
import { inputClass, primaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { refreshSession } from '../../lib/session';
import { PasswordField } from './fields';

/** The otpauth:// URI drawn as a QR code, one square per dark module (uqr), for an app on another device to scan. */
function QrCode({ uri, label }: { uri: string; label: string }) {
  const { data, size } = encode(uri, { ecc: 'M', border: 2 });
  const squares = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className="size-48 bg-white" shapeRendering="crispEdges">
      <path d={squares} fill="#000" />
    </svg>
  );
}

/** The key inside the URI, in groups of four, for typing into the app by hand. */
const keyOf = (uri: string) => (new URL(uri).searchParams.get('secret') ?? '').replace(/(.{4})/g, '$1 ').trim();

/**
 * Turning two-factor sign-in on (issue 48): the password again, then the authenticator app (a QR code to scan, a link
 * that opens the app on this phone, the key to type), confirmed by its first code; then the ten backup codes, shown
 * once. An owner is brought here at their first visit to the back office (web/app/AdminLayout.tsx); a customer turns
 * it on from Your data. `onDone` runs once the codes are put away.
 */
export function TwoFactorSetup({ onDone }: { onDone(): void }) {
  const { t } = useI18n();
  const codeId = useId();
  const [password, setPassword] = useState('');
  const [setup, setSetup] = useState<{ totpURI: string; backupCodes: string[] } | null>(null);
  const [code, setCode] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function send(work: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (failure) {
      setProblem(failure instanceof ApiError && failure.status < 500 ? failure.message : t('message.account.unexpected'));
    } finally {
      setBusy(false);
    }
  }
  const start = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setProblem(t('error.account.password.required'));
    void send(async () => setSetup(await apiRequest('/auth/two-factor/enable', twoFactorSetupSchema, { method: 'POST', body: JSON.stringify({ password }) })));
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!typed) return setProblem(t('error.account.code.required'));
    void send(async () => {
      await apiRequest('/auth/two-factor/verify-totp', null, { method: 'POST', body: JSON.stringify({ code: typed }) });
      setConfirmed(true);
    });
  };
  const alert = problem && (
    <p role="alert" className="text-sm font-medium text-red-700">
      {problem}
    </p>
  );

  if (confirmed && setup) {
    return (
      <section aria-labelledby={`${codeId}-codes`} className="flex flex-col gap-4 rounded-2xl bg-white p-6 ring-1 ring-zinc-200">
        <h2 id={`${codeId}-codes`} className="text-xl font-semibold">
          {t('account.twoFactor.backupTitle')}
        </h2>
        <p>{t('account.twoFactor.backupLead')}</p>
        <ul aria-label={t('account.twoFactor.backupTitle')} className="grid grid-cols-2 gap-2 font-mono text-lg">
          {setup.backupCodes.map((backup) => (
            <li key={backup}>{backup}</li>
          ))}
        </ul>
        <button type="button" className={primaryButton} onClick={() => void refreshSession().then(onDone)}>
          {t('account.twoFactor.saved')}
        </button>
      </section>
    );
  }
  if (setup) {
    return (
      <form noValidate onSubmit={confirm} className="flex flex-col gap-4 rounded-2xl bg-white p-6 ring-1 ring-zinc-200">
        <h2 className="text-xl font-semibold">{t('account.twoFactor.scanTitle')}</h2>
        <p>{t('account.twoFactor.scanLead')}</p>
        <QrCode uri={setup.totpURI} label={t('account.twoFactor.qr')} />
        <a href={setup.totpURI} className="font-semibold text-brand-dark underline">
          {t('account.twoFactor.openApp')}
        </a>
        <p>
          {t('account.twoFactor.typeKey')} <code className="font-mono break-all">{keyOf(setup.totpURI)}</code>
        </p>
        <div>
          <label htmlFor={codeId} className="block font-medium">
            {t('account.twoFactor.code')}
          </label>
          <input id={codeId} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" inputMode="numeric" className={inputClass} />
        </div>
        {alert}
        <button type="submit" disabled={busy} className={primaryButton}>
          {t('account.twoFactor.confirm')}
        </button>
      </form>
    );
  }
  return (
    <form noValidate onSubmit={start} className="flex flex-col gap-4 rounded-2xl bg-white p-6 ring-1 ring-zinc-200">
      <p>{t('account.twoFactor.lead')}</p>
      <PasswordField field="password" value={password} onChange={setPassword} autoComplete="current-password" />
      {alert}
      <button type="submit" disabled={busy} className={primaryButton}>
        {t('account.twoFactor.start')}
      </button>
    </form>
  );
}
