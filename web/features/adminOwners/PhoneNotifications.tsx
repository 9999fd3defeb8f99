import { useEffect, useState } from 'react';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { phoneNotifications, type PhoneNotifications as State, turnOffPhoneNotifications, turnOnPhoneNotifications } from '../../lib/adminApp';
import { ApiError } from '../../lib/api';
import { useI18n } from '../../lib/i18n';

/**
 * Notifications on this phone (issue 48): turns the owners' notifications on or off for this browser, saying when the
 * browser refuses them or cannot show them (web/lib/adminApp.ts).
 */
export function PhoneNotifications() {
  const { t, locale } = useI18n();
  const [state, setState] = useState<State | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    phoneNotifications()
      .then((found) => current && setState(found))
      .catch(() => current && setState('off'));
    return () => {
      current = false;
    };
  }, []);

  async function change(turn: () => Promise<State>) {
    setBusy(true);
    setProblem(null);
    try {
      setState(await turn());
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : t('admin.push.failed'));
    } finally {
      setBusy(false);
    }
  }

  const said = state === 'on' ? t('admin.push.on') : state === 'denied' ? t('admin.push.denied') : state === 'unsupported' ? t('admin.push.unsupported') : state === 'off' ? t('admin.push.off') : null;
  return (
    <section aria-labelledby="phone-notifications" className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-zinc-200">
      <h2 id="phone-notifications" className="text-lg font-semibold">
        {t('admin.push.heading')}
      </h2>
      <p className="text-sm text-zinc-700">{t('admin.push.intro')}</p>
      {/* One live line for all of it (the Owners form above has the page's alert): where they stand, or what went wrong. */}
      <p role="status" className={problem ? 'text-red-700' : state === 'denied' || state === 'unsupported' ? 'text-amber-900' : 'text-zinc-900'}>
        {busy ? t('admin.push.working') : (problem ?? said)}
      </p>
      {state === 'on' && (
        <button type="button" className={`${secondaryButton} self-start`} disabled={busy} onClick={() => void change(turnOffPhoneNotifications)}>
          {t('admin.push.turnOff')}
        </button>
      )}
      {(state === 'off' || state === 'denied') && (
        <button type="button" className={`${primaryButton} self-start`} disabled={busy} onClick={() => void change(() => turnOnPhoneNotifications(locale))}>
          {t('admin.push.turnOn')}
        </button>
      )}
    </section>
  );
}
