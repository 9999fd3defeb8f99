import { useCallback, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { type OrderView, orderViewSchema } from '../../../domain/contracts/orders';
import { type PersonalData, personalDataSchema } from '../../../domain/contracts/privacy';
import { dayValue } from '../../../domain/issueValues';
import { WITHDRAWAL_DAYS, WITHDRAWAL_PATH } from '../../../domain/legal';
import { shopTime } from '../../../domain/locale';
import { FINISHED_STATUSES } from '../../../domain/orders';
import { unitsLeft, withdrawalOpen, withdrawnText } from '../../../domain/withdrawal';
import { OrderSummary } from '../../components/OrderSummary';
import { PersonalDataView } from '../../components/PersonalDataView';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * An order's own page, for whoever has its link (/orders/{id}?token=…, from its mail or its
 * confirmation): its status and lines, without an account. A wrong or missing token shows nothing.
 */
export default function OrderStatusPage() {
  const { t } = useI18n();
  useDocumentTitle(t('order.title'));
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [order, setOrder] = useState<OrderView | null>(null);
  const [problem, setProblem] = useState<'not_found' | 'failed' | null>(null);

  const load = useCallback(
    () =>
      apiRequest(`/orders/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`, orderViewSchema)
        .then(setOrder)
        .catch((error: unknown) => setProblem(error instanceof ApiError && (error.status === 404 || error.status === 400) ? 'not_found' : 'failed')),
    [id, token],
  );

  useEffect(() => {
    setOrder(null);
    setProblem(null);
    void load();
  }, [load]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('order.title')}</h1>
      {!order && !problem && (
        <p role="status" className="mt-6 text-zinc-600">
          {t('order.loading')}
        </p>
      )}
      {problem === 'not_found' && (
        <div className="mt-6 flex flex-col items-start gap-3">
          <p role="alert">{t('order.notFound')}</p>
          <Link to="/shop" className={primaryButton}>
            {t('order.browseCollection')}
          </Link>
        </div>
      )}
      {problem === 'failed' && (
        <p role="alert" className="mt-6 text-red-700">
          {t('order.loadFailed')}
        </p>
      )}
      {order && (
        <div className="mt-6">
          <OrderSummary order={order} />
          <Withdrawal order={order} />
          <YourData order={order} token={token} onErased={() => void load()} />
        </div>
      )}
    </div>
  );
}

/**
 * The customer's right to withdraw from this order: each withdrawal they made (which products, when, the refund's
 * last day); while products are left and the period lasts, until when, with the withdrawal function's link
 * (pre-filled); or that the period is over. Nothing for an order not bought (yet) or already back.
 */
function Withdrawal({ order }: { order: OrderView }) {
  const { t, locale, money } = useI18n();
  if (order.status === 'cancelled' || order.status === 'awaiting_payment' || order.status === 'returned') return null;
  const className = 'mt-6 text-sm text-zinc-700';
  const left = unitsLeft(
    order.lines,
    order.withdrawals.flatMap((withdrawal) => withdrawal.lines),
  );
  const anyLeft = [...left.values()].some((units) => units > 0);
  const lastDay = order.withdrawalLastDay;
  const open = withdrawalOpen(lastDay, new Date());
  return (
    <>
      {order.withdrawals.map((withdrawal) => (
        <div key={withdrawal.id} className={className}>
          <p>
            {t('order.withdraw.requested', {
              products: withdrawnText(order.lines, withdrawal.lines),
              when: shopTime(withdrawal.statedAt, locale),
              days: WITHDRAWAL_DAYS,
              day: dayValue(withdrawal.refundDueDay),
            })}
          </p>
          {withdrawal.returnAwb?.labelPath && (
            <p className="mt-1">
              <a href={withdrawal.returnAwb.labelPath} target="_blank" rel="noopener" className="inline-flex min-h-6 items-center font-semibold text-brand-dark underline">
                {t('order.returnLabel', { awb: withdrawal.returnAwb.awb ?? '' })}
              </a>
            </p>
          )}
          {withdrawal.refunds
            .filter((refund) => refund.status === 'paid' && refund.paidOn)
            .map((refund) => (
              <p key={refund.id} className="mt-1 font-medium text-green-800">
                {t(refund.method === 'card' ? 'order.refund.toCard' : 'order.refund.byTransfer', { amount: money(refund.amount), day: dayValue(refund.paidOn!) })}
              </p>
            ))}
        </div>
      ))}
      {anyLeft && !open && order.withdrawals.length === 0 && <p className={className}>{t('error.withdrawal.periodOver', { day: dayValue(lastDay!) })}</p>}
      {anyLeft && open && (
        <p className={className}>
          {lastDay === null ? t('order.withdraw.lead') : t('order.withdraw.until', { day: dayValue(lastDay) })}{' '}
          <Link to={`${WITHDRAWAL_PATH}?${new URLSearchParams({ number: String(order.number), email: order.email })}`} className="font-semibold text-brand-dark underline">
            {t('order.withdraw.link')}
          </Link>
        </p>
      )}
    </>
  );
}

/**
 * A guest's data rights through the order's link (issue 34): a copy of what the shop holds about them for this order
 * (shown here, or as a JSON file), and their details erased from it once it is done with.
 */
function YourData({ order, token, onErased }: { order: OrderView; token: string; onErased: () => void }) {
  const { t } = useI18n();
  const [data, setData] = useState<PersonalData | null>(null);
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const link = `/orders/${encodeURIComponent(order.id)}`;
  const query = `token=${encodeURIComponent(token)}`;
  const finished = (FINISHED_STATUSES as readonly string[]).includes(order.status);
  async function erase() {
    setBusy(true);
    setSaid(null);
    try {
      await apiRequest(`${link}/erase?${query}`, null, { method: 'POST' });
      setSaid({ ok: true, text: t('order.data.erased') });
      onErased();
    } catch (failure) {
      setSaid({ ok: false, text: failure instanceof ApiError ? failure.message : t('order.loadFailed') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="order-data-title" className="mt-8 rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
      <h2 id="order-data-title" className="text-xl font-semibold">
        {t('order.data.title')}
      </h2>
      <div className="mt-2 flex flex-wrap gap-3">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => void apiRequest(`${link}/data?${query}`, personalDataSchema).then(setData, () => setSaid({ ok: false, text: t('order.loadFailed') }))}
        >
          {t('order.data.show')}
        </button>
        <a href={`/api${link}/data?${query}&download=1`} download className={secondaryButton}>
          {t('order.data.download')}
        </a>
      </div>
      {data && <PersonalDataView data={data} />}
      {said?.ok ? null : finished ? (
        <form
          className="mt-4 flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) void erase();
          }}
        >
          <p className="text-sm text-zinc-700">{t('order.data.eraseWhat')}</p>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" checked={understood} onChange={(event) => setUnderstood(event.target.checked)} className="size-4 accent-brand" />
            {t('order.data.understood')}
          </label>
          <button type="submit" disabled={busy || !understood} className={`${primaryButton} self-start`}>
            {t('order.data.erase')}
          </button>
        </form>
      ) : (
        <p className="mt-4 text-sm text-zinc-700">{t('order.data.eraseLater')}</p>
      )}
      <p role={said && !said.ok ? 'alert' : 'status'} className={`mt-2 text-sm ${said?.ok === false ? 'text-red-700' : ''}`}>
        {said?.text}
      </p>
    </section>
  );
}
