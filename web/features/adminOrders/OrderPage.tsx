import { Fragment, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { lineName } from '../../../domain/catalog';
import { placeLine } from '../../../domain/counties';
import { type AdminOrder, adminOrderSchema, type OrderEvent } from '../../../domain/contracts/admin';
import { VAT_TEXT } from '../../../domain/messages';
import { CARRIERS, type StatusChangeRequest, statusChangeRequestSchema } from '../../../domain/orderChanges';
import { vatByRate, vatPercentText } from '../../../domain/vat';
import { ORDER_STATUS_NAMES, ORDER_TRANSITIONS, OWNER_STATUS_TARGETS, type OwnerStatusTarget } from '../../../domain/orders';
import { ShipmentTerms } from '../../components/ShipmentTerms';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { bucharestTime, PAYMENT_NAMES, useBackOfficeTitle } from '../../lib/backOffice';
import { formatRon } from '../../lib/format';
import { Field } from './Field';

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');

export default function OrderPage() {
  const { id = '' } = useParams();
  const [order, setOrder] = useState<AdminOrder | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useBackOfficeTitle(order ? `Order ${order.number}` : 'Order');

  const load = useCallback(async () => {
    const fresh = await apiRequest(`/admin/orders/${encodeURIComponent(id)}`, adminOrderSchema);
    setOrder(fresh);
    return fresh;
  }, [id]);

  useEffect(() => {
    setLoadError(null);
    load().catch((failure: unknown) => setLoadError(errorText(failure)));
  }, [load]);

  return (
    <div className="flex flex-col gap-6">
      <Link to="/admin" className="self-start text-sm font-medium text-brand-dark underline">
        ← All orders
      </Link>
      {loadError && (
        <>
          <h1 className="text-2xl font-bold">Order</h1>
          <p role="alert" className="text-red-700">
            {loadError}
          </p>
        </>
      )}
      {!order && !loadError && (
        <p role="status" className="text-zinc-600">
          Loading the order…
        </p>
      )}
      {order && <OrderDetails order={order} onChanged={setOrder} reload={load} />}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-4 ring-1 ring-zinc-200">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function OrderDetails({ order, onChanged, reload }: { order: AdminOrder; onChanged: (order: AdminOrder) => void; reload: () => Promise<AdminOrder> }) {
  const paymentState =
    order.paymentMethod === 'card'
      ? order.paidAt
        ? `Paid by card on ${bucharestTime.format(new Date(order.paidAt))}`
        : 'Card payment not received'
      : order.status === 'delivered'
        ? `Cash on delivery: ${formatRon(order.total)} collected`
        : `Cash on delivery: ${formatRon(order.total)} to collect`;
  return (
    <>
      <div>
        <h1 className="text-2xl font-bold">Order {order.number}</h1>
        <p className="mt-1 font-mono text-sm break-all text-zinc-600">{order.id}</p>
        <p className="mt-2">
          Status: <strong>{ORDER_STATUS_NAMES[order.status]}</strong> · placed {bucharestTime.format(new Date(order.createdAt))}
        </p>
      </div>
      {order.withdrawalRequestedAt && (
        <section aria-labelledby="withdrawal-title" className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300">
          <h2 id="withdrawal-title" className="font-semibold text-amber-950">
            {WITHDRAWAL_TEXT.en.title}
          </h2>
          <p className="mt-1 text-sm">{WITHDRAWAL_TEXT.en.when(bucharestTime.format(new Date(order.withdrawalRequestedAt)))}</p>
          {order.withdrawalNote && <p className="mt-1 text-sm">{order.withdrawalNote}</p>}
          <p className="mt-1 text-sm text-zinc-700">{WITHDRAWAL_TEXT.en.todo}</p>
        </section>
      )}
      <Actions order={order} onChanged={onChanged} reload={reload} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Items">
          <table className="w-full text-sm">
            <thead className="text-left text-zinc-600">
              <tr>
                <th scope="col" className="py-1 font-medium">
                  Product
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Unit price
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Quantity
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {VAT_TEXT.en.column}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own and never move
                <tr key={index} className="border-t border-zinc-100">
                  <td className="py-1">{lineName(line.name, line.colour)}</td>
                  <td className="py-1 text-right whitespace-nowrap">{formatRon(line.unitPrice)}</td>
                  <td className="py-1 text-right">{line.quantity}</td>
                  <td className="py-1 text-right whitespace-nowrap">{formatRon(line.unitPrice * line.quantity)}</td>
                  <td className="py-1 pl-2 text-right">
                    <span className="whitespace-nowrap">{formatRon(line.vatAmount)}</span>{' '}
                    <span className="block text-xs text-zinc-600">{vatPercentText(line.vatRate)}%</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-zinc-200 pt-3 text-sm">
            <dt>Subtotal</dt>
            <dd className="text-right">{formatRon(order.subtotal)}</dd>
            <dt>Shipping</dt>
            <dd className="text-right">{order.shipping === 0 ? 'Free' : formatRon(order.shipping)}</dd>
            {order.shipping > 0 && (
              <>
                <dt className="pl-3 text-zinc-600">{VAT_TEXT.en.ofWhich(vatPercentText(order.shippingVatRate))}</dt>
                <dd className="text-right text-zinc-600">{formatRon(order.shippingVat)}</dd>
              </>
            )}
            <dt className="font-semibold">Total</dt>
            <dd className="text-right font-semibold">{formatRon(order.total)}</dd>
            {vatByRate(order).map(({ rate, amount }) => (
              <Fragment key={rate}>
                <dt className="text-zinc-600">{VAT_TEXT.en.ofWhich(vatPercentText(rate))}</dt>
                <dd className="text-right text-zinc-600">{formatRon(amount)}</dd>
              </Fragment>
            ))}
          </dl>
        </Section>
        <Section title="Customer and delivery">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-zinc-600">Name</dt>
            <dd>
              {order.firstName} {order.lastName}
            </dd>
            <dt className="text-zinc-600">Phone</dt>
            <dd>
              <a href={`tel:${order.phoneNumber.replace(/[^\d+]/g, '')}`} className="font-semibold text-brand-dark underline">
                {order.phoneNumber}
              </a>
            </dd>
            <dt className="text-zinc-600">Email</dt>
            <dd className="break-all">
              <a href={`mailto:${order.email}`} className="text-brand-dark underline">
                {order.email}
              </a>
            </dd>
            <dt className="text-zinc-600">Address</dt>
            <dd>
              {order.street} {order.streetNumber}
              <br />
              {placeLine(order)}
              <br />
              {order.country}
            </dd>
          </dl>
        </Section>
        <Section title="Payment and shipping">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-zinc-600">Payment</dt>
            <dd>
              {PAYMENT_NAMES[order.paymentMethod]} · {paymentState}
            </dd>
            <ShipmentTerms carrier={order.carrier} trackingNumber={order.trackingNumber} />
            {order.cancelReason && (
              <>
                <dt className="text-zinc-600">Cancelled because</dt>
                <dd>{order.cancelReason}</dd>
              </>
            )}
          </dl>
        </Section>
        <Section title="Timeline">
          <ol className="space-y-3 text-sm">
            {order.events.map((event) => (
              <li key={event.id} className="border-l-2 border-zinc-300 pl-3">
                <p className="font-medium">{eventTitle(event)}</p>
                <p className="text-zinc-600">
                  {bucharestTime.format(new Date(event.at))} · {actorName(event)}
                </p>
                {event.note && <p className="mt-1">{event.note}</p>}
              </li>
            ))}
          </ol>
        </Section>
      </div>
    </>
  );
}

const WITHDRAWAL_TEXT = {
  en: {
    title: 'The customer withdraws from this purchase',
    when: (time: string) => `Requested on ${time} through the online form; the customer got its confirmation by email.`,
    todo: 'Refund within 14 days of the request (OUG 34/2014), once the products are back or the customer shows they sent them; mark the order returned when they arrive.',
    event: 'Withdrawal requested',
  },
  ro: {
    title: 'Clientul se retrage din această achiziție',
    when: (time: string) => `Cerută pe ${time} prin formularul online; clientul a primit confirmarea pe e-mail.`,
    todo: 'Rambursează în cel mult 14 zile de la cerere (OUG 34/2014), după ce produsele revin sau clientul dovedește că le-a trimis; marchează comanda returnată când sosesc.',
    event: 'Retragere cerută',
  },
} as const;

function eventTitle(event: OrderEvent) {
  // An event that leaves the status as it was is the customer's withdrawal request (server/modules/orders/withdrawal.ts).
  if (event.from === event.to) return WITHDRAWAL_TEXT.en.event;
  return event.from === null ? `Placed: ${ORDER_STATUS_NAMES[event.to]}` : `${ORDER_STATUS_NAMES[event.from]} → ${ORDER_STATUS_NAMES[event.to]}`;
}

function actorName(event: OrderEvent) {
  if (event.actor === 'owner') return event.ownerEmail ? `Owner (${event.ownerEmail})` : 'Owner';
  return { customer: 'Customer', stripe: 'Stripe', system: 'The shop' }[event.actor];
}

const ACTION_LABELS: Record<OwnerStatusTarget, string> = {
  confirmed: 'Confirm',
  shipped: 'Ship',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
  returned: 'Mark returned',
};

const DONE: Record<OwnerStatusTarget, string> = {
  confirmed: 'The order is confirmed.',
  shipped: 'The order is shipped.',
  delivered: 'The order is delivered.',
  cancelled: 'The order is cancelled.',
  returned: 'The order is marked returned.',
};

const OTHER_CARRIER = 'other';

/** What the owner can do with the order now: only the moves its status allows. */
function Actions({ order, onChanged, reload }: { order: AdminOrder; onChanged: (order: AdminOrder) => void; reload: () => Promise<AdminOrder> }) {
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
      setProblem(parsed.error.issues[0]?.message ?? 'Please check the form.');
      return;
    }
    setBusy(true);
    try {
      const changed = await apiRequest(`/admin/orders/${order.id}/status`, adminOrderSchema, { method: 'POST', body: JSON.stringify(parsed.data satisfies StatusChangeRequest) });
      onChanged(changed);
      setNote('');
      setTracking('');
      setReason('');
      setDone(DONE[to]);
    } catch (failure) {
      setProblem(errorText(failure));
      // Someone else changed it, or the flow no longer allows this: show the order as it is now.
      if (failure instanceof ApiError && failure.status === 409) await reload().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Actions">
      <p ref={alertRef} role="alert" tabIndex={-1} className={problem ? 'mb-3 rounded-lg bg-red-50 p-3 text-red-800 focus:outline-none' : 'sr-only'}>
        {problem}
      </p>
      <p role="status" className={done ? 'mb-3 rounded-lg bg-green-50 p-3 text-green-900' : 'sr-only'}>
        {done}
      </p>
      {targets.length === 0 ? (
        <p className="text-zinc-700">Nothing more to do: the order is {ORDER_STATUS_NAMES[order.status].toLowerCase()}.</p>
      ) : (
        <div className="flex flex-col gap-4">
          {targets.some((to) => to !== 'cancelled') && (
            <Field id={`${id}-note`} label="Note for the timeline (optional)">
            <input id={`${id}-note`} className={inputClass} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
            </Field>
          )}
          <div className="flex flex-wrap gap-2">
            {targets
              .filter((to) => to === 'confirmed' || to === 'delivered' || to === 'returned')
              .map((to) => (
                <button key={to} type="button" className={primaryButton} disabled={busy} onClick={() => void change(to)}>
                  {ACTION_LABELS[to]}
                </button>
              ))}
          </div>
          {targets.includes('shipped') && (
            <form
              aria-label="Ship the order"
              className="grid gap-3 border-t border-zinc-200 pt-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
              onSubmit={(event) => {
                event.preventDefault();
                void change('shipped');
              }}
            >
              <Field id={`${id}-carrier`} label="Carrier">
              <select id={`${id}-carrier`} className={inputClass} value={carrier} onChange={(event) => setCarrier(event.target.value)}>
                {CARRIERS.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
                <option value={OTHER_CARRIER}>Other…</option>
              </select>
              </Field>
              {carrier === OTHER_CARRIER && (
                <Field id={`${id}-other-carrier`} label="Carrier name">
                <input id={`${id}-other-carrier`} className={inputClass} value={otherCarrier} maxLength={60} aria-required="true" onChange={(event) => setOtherCarrier(event.target.value)} />
                </Field>
              )}
              <Field id={`${id}-tracking`} label="Tracking number (AWB)">
              <input id={`${id}-tracking`} className={inputClass} value={tracking} maxLength={60} aria-required="true" autoComplete="off" onChange={(event) => setTracking(event.target.value)} />
              </Field>
              <button type="submit" className={primaryButton} disabled={busy}>
                {ACTION_LABELS.shipped}
              </button>
            </form>
          )}
          {targets.includes('cancelled') && (
            <form
              aria-label="Cancel the order"
              className="grid gap-3 border-t border-zinc-200 pt-4 sm:grid-cols-[1fr_auto] sm:items-end"
              onSubmit={(event) => {
                event.preventDefault();
                void change('cancelled');
              }}
            >
              <Field id={`${id}-reason`} label="Reason for cancelling">
              <input id={`${id}-reason`} className={inputClass} value={reason} maxLength={500} aria-required="true" onChange={(event) => setReason(event.target.value)} />
              </Field>
              <button type="submit" className={secondaryButton} disabled={busy}>
                {ACTION_LABELS.cancelled}
              </button>
            </form>
          )}
        </div>
      )}
    </Section>
  );
}
