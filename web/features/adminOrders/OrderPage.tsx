import { Fragment, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { lineName } from '../../../domain/catalog';
import { placeLine } from '../../../domain/counties';
import { type AdminOrder, adminOrderSchema, type OrderEvent } from '../../../domain/contracts/admin';
import { CARRIERS, type StatusChangeRequest, statusChangeRequestSchema } from '../../../domain/orderChanges';
import { dayValue, } from '../../../domain/issueValues';
import { chargedText } from '../../../domain/money';
import { vatByRate, vatPercentText } from '../../../domain/vat';
import { becameStatus, ORDER_TRANSITIONS, OWNER_STATUS_TARGETS, type OwnerStatusTarget } from '../../../domain/orders';
import { withdrawalOpen } from '../../../domain/withdrawal';
import { bucharestDay, shopDay } from '../../../domain/locale';
import { COURIER_NAMES } from '../../../domain/courier';
import { lockerLine } from '../../../domain/lockers';
import { ShipmentTerms } from '../../components/ShipmentTerms';
import { InvoiceTable } from '../../components/InvoiceTable';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { BUCHAREST_TIME, firstProblem, orderStatusName, paymentName, useBackOfficeTitle } from '../../lib/backOffice';
import { type Translate, useI18n } from '../../lib/i18n';
import { CreateAwb } from './CreateAwb';
import { Field } from '../../components/ui/Field';

const errorText = (t: Translate, error: unknown) => (error instanceof ApiError ? error.message : t('admin.somethingWrong'));

export default function OrderPage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const [order, setOrder] = useState<AdminOrder | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useBackOfficeTitle(order ? t('admin.order.headingNumber', { number: String(order.number) }) : t('admin.order.heading'));

  const load = useCallback(async () => {
    const fresh = await apiRequest(`/admin/orders/${encodeURIComponent(id)}`, adminOrderSchema);
    setOrder(fresh);
    return fresh;
  }, [id]);

  useEffect(() => {
    setLoadError(null);
    load().catch((failure: unknown) => setLoadError(errorText(t, failure)));
  }, [load, t]);

  return (
    <div className="flex flex-col gap-6">
      <Link to="/admin" className="self-start text-sm font-medium text-brand-dark underline">
        ← {t('admin.order.allOrders')}
      </Link>
      {loadError && (
        <>
          <h1 className="text-2xl font-bold">{t('admin.order.heading')}</h1>
          <p role="alert" className="text-red-700">
            {loadError}
          </p>
        </>
      )}
      {!order && !loadError && (
        <p role="status" className="text-zinc-600">
          {t('admin.order.loading')}
        </p>
      )}
      {order && <OrderDetails order={order} onChanged={setOrder} reload={load} />}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl bg-white p-4 ring-1 ring-zinc-200">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function OrderDetails({ order, onChanged, reload }: { order: AdminOrder; onChanged: (order: AdminOrder) => void; reload: () => Promise<AdminOrder> }) {
  const { t, money, locale } = useI18n();
  const time = (iso: string) => BUCHAREST_TIME[locale].format(new Date(iso));
  const paymentState =
    order.paymentMethod === 'card'
      ? order.paidAt
        ? t(order.status === 'cancelled' ? 'admin.order.paidAfterCancel' : 'admin.order.paidByCard', { time: time(order.paidAt) })
        : t('admin.order.cardNotReceived')
      : t(order.status === 'delivered' ? 'admin.order.cashCollected' : 'admin.order.cashToCollect', { amount: money(order.total) });
  return (
    <>
      <div>
        <h1 className="text-2xl font-bold">{t('admin.order.headingNumber', { number: String(order.number) })}</h1>
        <p className="mt-1 font-mono text-sm break-all text-zinc-600">{order.id}</p>
        <p className="mt-2">
          {t('admin.order.statusLabel')} <strong>{orderStatusName(t, order.status)}</strong> · {t('admin.order.placedOn', { time: time(order.createdAt) })}
        </p>
        {order.status === 'delivered' && order.withdrawalLastDay && !order.withdrawalRequestedAt && (
          <p className="mt-1 text-sm text-zinc-700">
            {t(withdrawalOpen(order.withdrawalLastDay, new Date()) ? 'admin.order.withdrawalUntil' : 'admin.order.withdrawalOver', { day: dayValue(order.withdrawalLastDay) })}
          </p>
        )}
      </div>
      {order.paymentAlerts.length > 0 && (
        <section aria-labelledby="payment-alerts-title" className="rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
          <h2 id="payment-alerts-title" className="font-semibold">
            {t('admin.order.paymentAlerts.title')}
          </h2>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {order.paymentAlerts.map((alert) => {
              const values = { charged: chargedText(alert.amount, alert.currency, money), total: money(order.total), time: time(alert.at) };
              return <li key={`${alert.kind} ${alert.at}`}>{alert.kind === 'amount_mismatch' ? t('admin.order.paymentAlerts.amountMismatch', values) : t('admin.order.paymentAlerts.paidTwice', values)}</li>;
            })}
          </ul>
        </section>
      )}
      {order.anonymisedAt && (
        <p className="rounded-xl bg-zinc-100 p-4 text-zinc-800">{t('admin.order.anonymised', { day: shopDay(bucharestDay(order.anonymisedAt), locale) })}</p>
      )}
      {!order.anonymisedAt && (order.paymentMethod === 'cod' || order.returnedBefore.length > 0 || order.codBlocks.length > 0) && <CodRisk order={order} reload={reload} />}
      {order.withdrawalRequestedAt && (
        <section aria-labelledby="withdrawal-title" className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300">
          <h2 id="withdrawal-title" className="font-semibold text-amber-950">
            {t('admin.order.withdrawal.title')}
          </h2>
          <p className="mt-1 text-sm">{t('admin.order.withdrawal.when', { time: time(order.withdrawalRequestedAt) })}</p>
          {order.withdrawalNote && <p className="mt-1 text-sm">{order.withdrawalNote}</p>}
          <p className="mt-1 text-sm text-zinc-700">{t('admin.order.withdrawal.todo')}</p>
        </section>
      )}
      <Actions order={order} onChanged={onChanged} reload={reload} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title={t('admin.order.section.items')}>
          <table className="w-full text-xs sm:text-sm">
            <thead className="text-left text-zinc-600">
              <tr>
                <th scope="col" className="py-1 font-medium">
                  {t('admin.order.column.product')}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('admin.order.column.unitPrice')}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('admin.order.column.quantity')}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('admin.order.column.amount')}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('admin.vat.column')}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own and never move
                <tr key={index} className="border-t border-zinc-100">
                  <td className="py-1">{lineName(line.name, line.colour)}</td>
                  <td className="py-1 text-right whitespace-nowrap">{money(line.unitPrice)}</td>
                  <td className="py-1 text-right">{line.quantity}</td>
                  <td className="py-1 text-right whitespace-nowrap">{money(line.unitPrice * line.quantity)}</td>
                  <td className="py-1 pl-2 text-right">
                    <span className="whitespace-nowrap">{money(line.vatAmount)}</span>{' '}
                    <span className="block text-xs text-zinc-600">{vatPercentText(line.vatRate)}%</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-zinc-200 pt-3 text-sm">
            <dt>{t('admin.order.subtotal')}</dt>
            <dd className="text-right">{money(order.subtotal)}</dd>
            {order.discount > 0 && (
              <>
                <dt>{t('admin.order.discount', { code: order.discountCode ?? '' })}</dt>
                <dd className="text-right whitespace-nowrap">−{money(order.discount)}</dd>
              </>
            )}
            <dt>{t('admin.order.shipping')}</dt>
            <dd className="text-right">{order.shipping === 0 ? t('admin.order.shippingFree') : money(order.shipping)}</dd>
            {order.shipping > 0 && (
              <>
                <dt className="pl-3 text-zinc-600">{t('admin.vat.ofWhich', { percent: vatPercentText(order.shippingVatRate) })}</dt>
                <dd className="text-right text-zinc-600">{money(order.shippingVat)}</dd>
              </>
            )}
            <dt className="font-semibold">{t('admin.order.total')}</dt>
            <dd className="text-right font-semibold">{money(order.total)}</dd>
            {vatByRate(order).map(({ rate, amount }) => (
              <Fragment key={rate}>
                <dt className="text-zinc-600">{t('admin.vat.ofWhich', { percent: vatPercentText(rate) })}</dt>
                <dd className="text-right text-zinc-600">{money(amount)}</dd>
              </Fragment>
            ))}
          </dl>
        </Section>
        <Section title={t('admin.order.section.customer')}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-zinc-600">{t('admin.order.name')}</dt>
            <dd>
              {order.firstName} {order.lastName}
            </dd>
            <dt className="text-zinc-600">{t('admin.order.phone')}</dt>
            <dd>
              <a href={`tel:${order.phoneNumber.replace(/[^\d+]/g, '')}`} className="font-semibold text-brand-dark underline">
                {order.phoneNumber}
              </a>
            </dd>
            <dt className="text-zinc-600">{t('admin.order.email')}</dt>
            <dd className="break-all">
              <a href={`mailto:${order.email}`} className="text-brand-dark underline">
                {order.email}
              </a>
            </dd>
            <dt className="text-zinc-600">{t('admin.order.address')}</dt>
            <dd>
              {order.street} {order.streetNumber}
              <br />
              {placeLine(order)}
              <br />
              {order.country}
            </dd>
            {order.locker && (
              <>
                <dt className="text-zinc-600">{t('admin.order.delivery')}</dt>
                <dd className="font-semibold">{t('admin.order.locker', { courier: COURIER_NAMES[order.locker.courier], locker: lockerLine(order.locker) })}</dd>
              </>
            )}
          </dl>
        </Section>
        <Section title={t('admin.order.section.payment')}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-zinc-600">{t('admin.order.payment')}</dt>
            <dd>
              {paymentName(t, order.paymentMethod)} · {paymentState}
            </dd>
            <ShipmentTerms carrier={order.carrier} trackingNumber={order.trackingNumber} />
            {order.cancelReason && (
              <>
                <dt className="text-zinc-600">{t('admin.order.cancelledBecause')}</dt>
                <dd>{order.cancelReason}</dd>
              </>
            )}
          </dl>
        </Section>
        {order.shipments.length + order.awbAttempts.length > 0 && (
          <Section title={t('admin.order.section.shipments')}>
            <ul className="space-y-3 text-sm">
              {order.awbAttempts.map((attempt) => (
                <li key={`${attempt.courier}-${attempt.reference}`} className="text-amber-900">
                  {t(`admin.shipment.attempt.${attempt.state}`, { courier: attempt.courierName, reference: attempt.reference })}
                </li>
              ))}
              {order.shipments.map((shipment) => (
                <li key={shipment.id}>
                  <p>
                    <span className="font-semibold">
                      {shipment.courierName} {shipment.awb}
                    </span>{' '}
                    · {t(`admin.shipment.status.${shipment.status}`)}
                    {shipment.cost !== null && <> · {t('admin.shipment.cost', { amount: money(shipment.cost) })}</>}
                  </p>
                  {shipment.unknownStatus && <p className="mt-1 text-amber-900">{t('admin.shipment.unknown', { status: shipment.unknownStatus })}</p>}
                  {shipment.status === 'delivered' && shipment.cashOnDelivery > 0 && <CashPaidOut shipment={shipment} />}
                  <p className="mt-1 flex flex-wrap gap-3">
                    <a href={`/api/admin/shipments/${shipment.id}/label?format=A6`} target="_blank" rel="noopener" className="font-semibold text-brand-dark underline" aria-label={t('admin.shipment.labelA6', { awb: shipment.awb })}>
                      {t('admin.shipment.label')} (A6)
                    </a>
                    <a href={`/api/admin/shipments/${shipment.id}/label?format=A4`} target="_blank" rel="noopener" className="font-semibold text-brand-dark underline" aria-label={t('admin.shipment.labelA4', { awb: shipment.awb })}>
                      A4
                    </a>
                  </p>
                  {shipment.status === 'active' && order.status === 'shipped' && order.trackingNumber === shipment.awb && (
                    <CancelAwb shipment={shipment} onCancelled={async () => onChanged(await reload())} />
                  )}
                </li>
              ))}
            </ul>
          </Section>
        )}
        <Section title={t('admin.order.section.timeline')}>
          <ol className="space-y-3 text-sm">
            {timelineOf(order).map((entry) =>
              'id' in entry ? (
                <li key={entry.id} className="border-l-2 border-zinc-300 pl-3">
                  <p className="font-medium">{eventTitle(t, entry)}</p>
                  <p className="text-zinc-600">
                    {time(entry.at)} · {actorName(t, entry)}
                  </p>
                  {becameStatus(entry, 'shipped') && order.carrier && order.trackingNumber && (
                    <p className="mt-1">{t('admin.order.event.shipment', { carrier: order.carrier, trackingNumber: order.trackingNumber })}</p>
                  )}
                  {entry.note && <p className="mt-1">{entry.note}</p>}
                </li>
              ) : (
                <li key={`${entry.awb}-${entry.at}-${entry.code}`} className="border-l-2 border-brand/40 pl-3">
                  <p className="font-medium">{t('admin.order.event.courier', { courier: entry.courierName, awb: entry.awb, label: entry.label })}</p>
                  <p className="text-zinc-600">
                    {time(entry.at)}
                    {entry.location && <> · {entry.location}</>}
                  </p>
                </li>
              ),
            )}
          </ol>
        </Section>
      </div>
      {order.invoices.length > 0 && (
        <section aria-labelledby="invoices-title" className="flex flex-col gap-3">
          <h2 id="invoices-title" className="text-lg font-semibold">
            {t('admin.order.section.invoices')}
          </h2>
          <InvoiceTable invoices={order.invoices} caption={t('admin.order.invoicesCaption', { number: String(order.number) })} withOrder={false} />
        </section>
      )}
    </>
  );
}

/** Cancel AWB: the courier cancels it while it has not picked the parcel up; the order is back to be shipped. */
/** A delivered parcel's cash on delivery: when and how much the courier paid out (where it reports it), or still to be paid. */
function CashPaidOut({ shipment }: { shipment: AdminOrder['shipments'][number] }) {
  const { t, money, locale } = useI18n();
  const courier = shipment.courierName;
  if (shipment.cashPaid === null || shipment.cashPaidOn === null) {
    return <p className="mt-1">{t('admin.shipment.cashToBePaid', { amount: money(shipment.cashOnDelivery), courier })}</p>;
  }
  const paid = { amount: money(shipment.cashPaid), courier, day: shopDay(shipment.cashPaidOn, locale) };
  return shipment.cashPaid === shipment.cashOnDelivery ? (
    <p className="mt-1">{t('admin.shipment.cashPaid', paid)}</p>
  ) : (
    <p className="mt-1 text-amber-900">{t('admin.shipment.cashPaidDiffers', { ...paid, expected: money(shipment.cashOnDelivery) })}</p>
  );
}

/**
 * The cash-on-delivery risk, for the owner only: the earlier orders of this phone or email that came back returned,
 * and whether the shop still takes cash on delivery from the contact (No cash on delivery / Take it again).
 */
function CodRisk({ order, reload }: { order: AdminOrder; reload: () => Promise<AdminOrder> }) {
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

function CancelAwb({ shipment, onCancelled }: { shipment: AdminOrder['shipments'][number]; onCancelled: () => Promise<void> }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function cancel() {
    setBusy(true);
    setProblem(null);
    try {
      await apiRequest(`/admin/shipments/${shipment.id}/cancel`, null, { method: 'POST' });
      await onCancelled();
    } catch (failure) {
      setProblem(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-2">
      <button type="button" className={secondaryButton} disabled={busy} onClick={() => void cancel()} aria-label={t('admin.shipment.cancelLabel', { awb: shipment.awb })}>
        {t('admin.shipment.cancel')}
      </button>
      {problem && (
        <p role="alert" className="mt-1 text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The order's own events and its couriers' events, by their time. */
function timelineOf(order: AdminOrder): (OrderEvent | AdminOrder['courierEvents'][number])[] {
  return [...order.events, ...order.courierEvents].sort((a, b) => a.at.localeCompare(b.at));
}

function eventTitle(t: Translate, event: OrderEvent) {
  // An event that leaves the status as it was is the customer's withdrawal request (server/modules/orders/withdrawal.ts).
  if (event.from === event.to) return t('admin.orders.withdrawalRequested');
  return event.from === null ? t('admin.order.event.placed', { status: orderStatusName(t, event.to) }) : `${orderStatusName(t, event.from)} → ${orderStatusName(t, event.to)}`;
}

function actorName(t: Translate, event: OrderEvent) {
  if (event.actor === 'owner') return event.ownerEmail ? t('admin.order.actor.ownerEmail', { email: event.ownerEmail }) : t('admin.order.actor.owner');
  return t(`admin.order.actor.${event.actor}`);
}

/** The form's first refusal in the page's language (firstProblem). */
const requestProblem = (t: Translate, issue: { message: string } | undefined) => firstProblem(t, issue, 'admin.order.checkForm');

const OTHER_CARRIER = 'other';

/** What the owner can do with the order now: only the moves its status allows. */
function Actions({ order, onChanged, reload }: { order: AdminOrder; onChanged: (order: AdminOrder) => void; reload: () => Promise<AdminOrder> }) {
  const { t, locale } = useI18n();
  const id = useId();
  const targets = (ORDER_TRANSITIONS[order.status] as readonly string[]).filter((to): to is OwnerStatusTarget => (OWNER_STATUS_TARGETS as readonly string[]).includes(to));
  const [note, setNote] = useState('');
  const [carrier, setCarrier] = useState<string>(CARRIERS[0]);
  const [otherCarrier, setOtherCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (problem) alertRef.current?.focus();
  }, [problem]);

  async function change(to: OwnerStatusTarget) {
    setProblem(null);
    setDone(null);
    const optionalNote = note.trim() ? { note } : {};
    const request =
      to === 'shipped'
        ? { to, version: order.version, carrier: carrier === OTHER_CARRIER ? otherCarrier : carrier, trackingNumber: tracking, ...optionalNote }
        : to === 'cancelled'
          ? { to, version: order.version, reason }
          : { to, version: order.version, ...optionalNote };
    const parsed = statusChangeRequestSchema.safeParse(request);
    if (!parsed.success) {
      setProblem(requestProblem(t, parsed.error.issues[0]));
      return;
    }
    setBusy(true);
    try {
      const changed = await apiRequest(`/admin/orders/${order.id}/status`, adminOrderSchema, { method: 'POST', body: JSON.stringify(parsed.data satisfies StatusChangeRequest) });
      onChanged(changed);
      setNote('');
      setTracking('');
      setReason('');
      setDone(t(`admin.order.done.${to}`));
    } catch (failure) {
      setProblem(errorText(t, failure));
      // Someone else changed it, or the flow no longer allows this: show the order as it is now.
      if (failure instanceof ApiError && failure.status === 409) await reload().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title={t('admin.order.section.actions')}>
      <p ref={alertRef} role="alert" tabIndex={-1} className={problem ? 'mb-3 rounded-lg bg-red-50 p-3 text-red-800 focus:outline-none' : 'sr-only'}>
        {problem}
      </p>
      <p role="status" className={done ? 'mb-3 rounded-lg bg-green-50 p-3 text-green-900' : 'sr-only'}>
        {done}
      </p>
      {targets.length === 0 ? (
        <p className="text-zinc-700">{t('admin.order.nothingMore', { status: orderStatusName(t, order.status).toLocaleLowerCase(locale) })}</p>
      ) : (
        <div className="flex flex-col gap-4">
          {targets.some((to) => to !== 'cancelled') && (
            <Field id={`${id}-note`} label={t('admin.order.note')}>
            <input id={`${id}-note`} className={inputClass} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
            </Field>
          )}
          <div className="flex flex-wrap gap-2">
            {targets
              .filter((to) => to === 'confirmed' || to === 'delivered' || to === 'returned')
              .map((to) => (
                <button key={to} type="button" className={primaryButton} disabled={busy} onClick={() => void change(to)}>
                  {t(`admin.order.action.${to}`)}
                </button>
              ))}
          </div>
          {targets.includes('shipped') && (
            <CreateAwb
              order={order}
              onShipped={async (message) => {
                onChanged(await reload());
                setDone(message);
              }}
            />
          )}
          {targets.includes('shipped') && (
            <form
              aria-label={t('admin.order.shipForm')}
              className="grid gap-3 border-t border-zinc-200 pt-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
              onSubmit={(event) => {
                event.preventDefault();
                void change('shipped');
              }}
            >
              <Field id={`${id}-carrier`} label={t('admin.order.carrier')}>
              <select id={`${id}-carrier`} className={inputClass} value={carrier} onChange={(event) => setCarrier(event.target.value)}>
                {CARRIERS.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
                <option value={OTHER_CARRIER}>{t('admin.order.otherCarrier')}</option>
              </select>
              </Field>
              {carrier === OTHER_CARRIER && (
                <Field id={`${id}-other-carrier`} label={t('admin.order.carrierName')}>
                <input id={`${id}-other-carrier`} className={inputClass} value={otherCarrier} maxLength={60} aria-required="true" onChange={(event) => setOtherCarrier(event.target.value)} />
                </Field>
              )}
              <Field id={`${id}-tracking`} label={t('admin.order.tracking')}>
              <input id={`${id}-tracking`} className={inputClass} value={tracking} maxLength={60} aria-required="true" autoComplete="off" onChange={(event) => setTracking(event.target.value)} />
              </Field>
              <button type="submit" className={primaryButton} disabled={busy}>
                {t('admin.order.action.shipped')}
              </button>
            </form>
          )}
          {targets.includes('cancelled') && (
            <form
              aria-label={t('admin.order.cancelForm')}
              className="grid gap-3 border-t border-zinc-200 pt-4 sm:grid-cols-[1fr_auto] sm:items-end"
              onSubmit={(event) => {
                event.preventDefault();
                void change('cancelled');
              }}
            >
              <Field id={`${id}-reason`} label={t('admin.order.reason')}>
              <input id={`${id}-reason`} className={inputClass} value={reason} maxLength={500} aria-required="true" onChange={(event) => setReason(event.target.value)} />
              </Field>
              <button type="submit" className={secondaryButton} disabled={busy}>
                {t('admin.order.action.cancelled')}
              </button>
            </form>
          )}
        </div>
      )}
    </Section>
  );
}
