import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminOrder } from '../../../domain/contracts/admin';
import { bucharestDay, shopDay } from '../../../domain/locale';
import { secondaryButton } from '../../components/ui/styles';
import { apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { errorText } from './orderSection';

/**
 * The cash-on-delivery risk, for the owner only: the earlier orders of this phone or email that came back returned,
 * and whether the shop still takes cash on delivery from the contact (No cash on delivery / Take it again).
 */
export function CodRisk({ order, reload }: { order: AdminOrder; reload: () => Promise<AdminOrder> }) {
  const { t, locale } = useI18n();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const blocked = order.codBlocks.length > 0;
  async function change() {
    setBusy(true);
    setSaid(null);
    try {
      if (blocked) for (const block of order.codBlocks) await apiRequest(`/admin/cod-blocks/${block.id}`, null, { method: 'DELETE' });
      else await apiRequest('/admin/cod-blocks', null, { method: 'POST', body: JSON.stringify({ phone: order.phoneNumber, email: order.email }) });
      await reload();
      setSaid({ ok: true, text: t(blocked ? 'admin.order.codLifted' : 'admin.order.codBlockedDone') });
    } catch (failure) {
      setSaid({ ok: false, text: errorText(t, failure) });
    } finally {
      setBusy(false);
    }
  }
  const risky = order.returnedBefore.length > 0 || blocked;
  return (
    <section aria-labelledby="cod-risk-title" className={`rounded-xl p-4 ring-1 ${risky ? 'bg-red-50 text-red-950 ring-red-200' : 'bg-white ring-zinc-200'}`}>
      <h2 id="cod-risk-title" className="font-semibold">
        {t('admin.order.section.codRisk')}
      </h2>
      {order.returnedBefore.length > 0 && (
        <ul className="mt-1 text-sm">
          {order.returnedBefore.map((earlier) => (
            <li key={earlier.id}>
              <Link to={`/admin/orders/${earlier.id}`} className="font-semibold underline">
                {t('admin.order.returnedBefore', { number: String(earlier.number), day: earlier.returnedOn ? shopDay(earlier.returnedOn, locale) : '?' })}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {order.codBlocks.map((block) => (
        <p key={block.id} className="mt-1 text-sm">
          {t('admin.order.codBlocked', { contact: block.value, day: shopDay(bucharestDay(block.createdAt), locale) })}
        </p>
      ))}
      <button type="button" className={`${secondaryButton} mt-2`} disabled={busy} onClick={() => void change()}>
        {t(blocked ? 'admin.order.liftCodBlock' : 'admin.order.blockCod')}
      </button>
      <p role={said && !said.ok ? 'alert' : 'status'} className={`mt-1 text-sm ${said?.ok === false ? 'text-red-700' : ''}`}>
        {said?.text}
      </p>
    </section>
  );
}
