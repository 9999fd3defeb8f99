import { type FormEvent, useEffect, useId, useState } from 'react';
import type { AdminOrder } from '../../../domain/contracts/admin';
import type { WithdrawalView } from '../../../domain/contracts/orders';
import { type LockersNear, lockersNearSchema } from '../../../domain/contracts/shipping';
import { lockerCityFor } from '../../../domain/lockers';
import { primaryButton } from '../../components/ui/styles';
import { apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { useOrderAction } from './orderSection';

/**
 * A withdrawal's return AWB (issue 45): the one made (its courier, number, how the parcel leaves, its label), or
 * being made; else, while the goods are still to be sent, Create return AWB with the courier the order went with (at
 * Sameday, picked up at the customer's address or left by them in an easybox of their town).
 */
export function ReturnAwb({ order, withdrawal, onChanged }: { order: AdminOrder; withdrawal: WithdrawalView; onChanged: (order: AdminOrder) => void }) {
  const { t } = useI18n();
  const made = withdrawal.returnAwb;
  if (made) {
    const values = { courier: made.courierName, awb: made.awb ?? '', reference: made.reference, locker: made.locker ?? '' };
    if (made.state !== 'made') return <p className="mt-2 rounded-md bg-white p-2 text-amber-900">{t(`admin.order.return.${made.state}`, values)}</p>;
    return (
      <p className="mt-2">
        {t(made.locker ? 'admin.order.return.madeLocker' : 'admin.order.return.made', values)}{' '}
        <a href={`/api/admin/return-awbs/${made.id}/label`} target="_blank" rel="noopener" className="font-semibold text-brand-dark underline">
          {t('admin.order.return.label')}
        </a>
      </p>
    );
  }
  if (withdrawal.status !== 'requested') return null;
  return <CreateReturnAwb order={order} withdrawal={withdrawal} onChanged={onChanged} />;
}

function CreateReturnAwb({ order, withdrawal, onChanged }: { order: AdminOrder; withdrawal: WithdrawalView; onChanged: (order: AdminOrder) => void }) {
  const { t } = useI18n();
  const id = useId();
  const { busy, problem, run } = useOrderAction(onChanged);
  const shipment = order.shipments.findLast((item) => item.status !== 'cancelled');
  const [easybox, setEasybox] = useState(false);
  const [lockerId, setLockerId] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(`/admin/withdrawals/${withdrawal.id}/return-awb`, easybox ? { lockerId } : {});
  }

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="mt-3 flex flex-col gap-2 rounded-lg bg-white p-3 ring-1 ring-amber-200">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('admin.order.return.title')}
      </h3>
      <p className="text-zinc-700">{shipment ? t('admin.order.return.hint', { courier: shipment.courierName }) : t('admin.order.return.hintDefault')}</p>
      {shipment?.courier === 'sameday' && (
        <fieldset className="flex flex-col gap-1">
          <legend className="font-medium">{t('admin.order.return.how')}</legend>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name={`${id}-how`} checked={!easybox} onChange={() => setEasybox(false)} className="size-5" />
            {t('admin.order.return.pickup')}
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name={`${id}-how`} checked={easybox} onChange={() => setEasybox(true)} className="size-5" />
            {t('admin.order.return.easybox')}
          </label>
        </fieldset>
      )}
      {easybox && <EasyboxChoice order={order} lockerId={lockerId} onChoose={setLockerId} />}
      {problem && (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      )}
      <button type="submit" disabled={busy} className={`${primaryButton} self-start`}>
        {t('admin.order.return.create')}
      </button>
    </form>
  );
}

/** The easyboxes of the customer's town (GET /api/lockers, the checkout's list), by name and address. */
function EasyboxChoice({ order, lockerId, onChoose }: { order: AdminOrder; lockerId: string; onChoose: (id: string) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [near, setNear] = useState<LockersNear | null>(null);
  const [city, setCity] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again for another town only
  useEffect(() => {
    if (!order.county) return;
    let current = true;
    void apiRequest(`/lockers?${new URLSearchParams({ county: order.county, ...(city ? { city } : {}) })}`, lockersNearSchema).then((answer) => {
      if (!current) return;
      const town =
        city ||
        lockerCityFor(
          { county: order.county!, city: order.city, street: order.street, streetNumber: order.streetNumber },
          answer.cities.map((item) => item.name),
        );
      if (town !== city) setCity(town);
      else {
        setNear(answer);
        if (!answer.lockers.some((locker) => locker.id === lockerId)) onChoose(answer.lockers[0]?.id ?? '');
      }
    });
    return () => {
      current = false;
    };
  }, [order.county, city]);

  if (!near) return null;
  if (near.lockers.length === 0) return <p className="text-amber-900">{t('admin.order.return.noLockers', { city: city || order.city })}</p>;
  return (
    <label htmlFor={id} className="flex flex-col gap-1">
      <span>{t('admin.order.return.locker')}</span>
      <select id={id} required value={lockerId} onChange={(event) => onChoose(event.target.value)} className="min-h-11 max-w-full rounded-md border border-zinc-400 bg-white px-2">
        {near.lockers.map((locker) => (
          <option key={locker.id} value={locker.id}>
            {locker.name}, {locker.address}
          </option>
        ))}
      </select>
    </label>
  );
}
