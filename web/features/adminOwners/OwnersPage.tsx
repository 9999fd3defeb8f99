import { useEffect, useId, useState } from 'react';
import { type OwnerList, ownerListSchema } from '../../../domain/contracts/admin';
import { Feedback } from '../../components/ui/Feedback';
import { inputClass, primaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useBackOfficeTitle } from '../../lib/backOffice';
import { type Translate, useI18n } from '../../lib/i18n';
import { PhoneNotifications } from './PhoneNotifications';

const errorText = (error: unknown, t: Translate) => (error instanceof ApiError ? error.message : t('admin.somethingWrong'));

/** Who may enter the back office, and making another account an owner. */
export default function OwnersPage() {
  const { t } = useI18n();
  useBackOfficeTitle(t('admin.owners.heading'));
  const id = useId();
  const [owners, setOwners] = useState<OwnerList['owners'] | null>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    apiRequest('/admin/owners', ownerListSchema)
      .then((answer) => setOwners(answer.owners))
      .catch((failure: unknown) => setProblem(errorText(failure, t)));
  }, [t]);

  async function promote() {
    setProblem(null);
    setDone(null);
    setBusy(true);
    try {
      const answer = await apiRequest('/admin/owners', ownerListSchema, { method: 'POST', body: JSON.stringify({ email }) });
      setOwners(answer.owners);
      setDone(t('admin.owners.promoted', { email: email.trim() }));
      setEmail('');
    } catch (failure) {
      setProblem(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('admin.owners.heading')}</h1>
      <p className="text-zinc-700">{t('admin.owners.intro')}</p>
      {owners && (
        <ul className="divide-y divide-zinc-200 rounded-xl bg-white ring-1 ring-zinc-200">
          {owners.map((owner) => (
            <li key={owner.id} className="px-4 py-3 break-all">
              {owner.email}
            </li>
          ))}
        </ul>
      )}
      <form
        aria-label={t('admin.owners.add')}
        className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-zinc-200"
        onSubmit={(event) => {
          event.preventDefault();
          void promote();
        }}
      >
        <h2 className="text-lg font-semibold">{t('admin.owners.add')}</h2>
        <p className="text-sm text-zinc-700">{t('admin.owners.addHelp')}</p>
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          {t('admin.owners.email')}
          <input id={`${id}-email`} type="email" className={inputClass} value={email} required maxLength={254} autoComplete="off" onChange={(event) => setEmail(event.target.value)} />
        </label>
        <button type="submit" className={`${primaryButton} self-start`} disabled={busy}>
          {t('admin.owners.makeOwner')}
        </button>
        <Feedback problem={problem} done={done} />
      </form>
      <PhoneNotifications />
    </div>
  );
}
