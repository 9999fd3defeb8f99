import { useId, useState } from 'react';
import { orderEditSchema, type ShippingField } from '../../../domain/checkout';
import { type AdminOrder, adminOrderSchema } from '../../../domain/contracts/admin';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { firstProblem } from '../../lib/backOffice';
import { useCatalog } from '../../lib/catalog';
import { useI18n } from '../../lib/i18n';
import { AddressFields, EMPTY_ADDRESS, type Line, LinesFields, linesToSend, useAddress } from './orderFields';
import { errorText, Section, useOrderAction } from './orderSection';

/** The statuses an order may be edited in (the server's rule, orders/edit.ts): before it leaves. */
const EDITABLE = ['pending', 'confirmed', 'paid'];

const addressOf = (order: AdminOrder): Record<ShippingField, string> =>
  Object.fromEntries(Object.keys(EMPTY_ADDRESS).map((field) => [field, String(order[field as ShippingField] ?? '')])) as Record<ShippingField, string>;
const linesOf = (order: AdminOrder): Line[] => order.editLines.map((line) => ({ productId: line.productId ?? '', colour: line.colour ?? '', quantity: String(line.quantity) }));

/**
 * Editing an order until its AWB exists (issue 47): its lines (colour, quantity, added, removed), its address and
 * phone. The server recomputes everything and refuses what it must (an AWB, more than is left, a stale page: the
 * order is then read again); a paid card order's lower total is refunded to the card, and a refund Stripe could not
 * make is offered again here.
 */
export function EditOrder({ order, onChanged, reload }: { order: AdminOrder; onChanged: (order: AdminOrder) => void; reload: () => Promise<AdminOrder> }) {
  const { t, money } = useI18n();
  const refund = useOrderAction(onChanged, reload);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // The form's refusal, kept here: refused because the order can no longer be edited, the form is gone but not the why.
  const [problem, setProblem] = useState<string | null>(null);
  const editable = EDITABLE.includes(order.status) && order.withdrawals.length === 0 && !order.anonymisedAt;
  if (!editable && order.editRefundDue === 0 && !problem) return null;
  return (
    <Section title={t('admin.edit.title')}>
      <div className="flex flex-col gap-3">
        {order.editRefundDue > 0 && (
          <div className="flex flex-col gap-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200">
            <p>{t('admin.edit.refundOwed', { amount: money(order.editRefundDue) })}</p>
            <button type="button" className={`${secondaryButton} self-start`} disabled={refund.busy} onClick={() => void refund.run(`/admin/orders/${order.id}/edit-refund`)}>
              {t('admin.edit.refund', { amount: money(order.editRefundDue) })}
            </button>
            {refund.problem && (
              <p role="alert" className="text-red-700">
                {refund.problem}
              </p>
            )}
          </div>
        )}
        {editable && !open && (
          <>
            <p className="text-zinc-700">{t(order.paymentMethod === 'card' && order.paidAt ? 'admin.edit.introPaid' : 'admin.edit.intro')}</p>
            <button
              type="button"
              className={`${secondaryButton} self-start`}
              aria-expanded={false}
              onClick={() => {
                setOpen(true);
                setDone(null);
                setProblem(null);
              }}
            >
              {t('admin.edit.open')}
            </button>
          </>
        )}
        {editable && open && (
          <EditForm
            order={order}
            reload={reload}
            onProblem={setProblem}
            onClose={(edited) => {
              setOpen(false);
              if (edited) {
                onChanged(edited);
                setDone(t('admin.edit.saved', { total: money(edited.total) }));
              }
            }}
          />
        )}
        {/* Said only when there is something to say: an order's page has other alerts, and an empty one in each section helps no one. */}
        {problem && (
          <p role="alert" className="text-red-700">
            {problem}
          </p>
        )}
        {done && (
          <p role="status" className="text-green-800">
            {done}
          </p>
        )}
      </div>
    </Section>
  );
}

function EditForm(props: { order: AdminOrder; reload: () => Promise<AdminOrder>; onProblem: (problem: string | null) => void; onClose: (edited: AdminOrder | null) => void }) {
  const { order, reload, onProblem: setProblem, onClose } = props;
  const { t } = useI18n();
  const id = useId();
  const { products } = useCatalog();
  const [lines, setLines] = useState(() => linesOf(order));
  // The order's address was accepted as it is: a postal code not of its county is kept unless changed.
  const shipping = useAddress(addressOf(order), true);
  const [busy, setBusy] = useState(false);

  async function save() {
    setProblem(null);
    const parsed = orderEditSchema.safeParse({ version: order.version, lines: linesToSend(lines), shipping: shipping.toSend() });
    if (!parsed.success) return setProblem(firstProblem(t, parsed.error.issues[0], 'admin.newOrder.check'));
    setBusy(true);
    try {
      onClose(await apiRequest(`/admin/orders/${order.id}/contents`, adminOrderSchema, { method: 'PUT', body: JSON.stringify(parsed.data) }));
    } catch (failure) {
      setProblem(errorText(t, failure));
      // Refused as out of date or no longer editable: the page shows the order as it now is.
      if (failure instanceof ApiError && failure.status === 409) await reload().catch(() => undefined);
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={t('admin.edit.form', { number: String(order.number) })}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void save();
      }}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="font-semibold">{t('admin.newOrder.products')}</legend>
        <LinesFields id={id} lines={lines} onChange={setLines} products={products} />
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="font-semibold">{t('admin.edit.address')}</legend>
        <AddressFields id={id} {...shipping.fields} />
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {t('admin.edit.save')}
        </button>
        <button type="button" className={secondaryButton} onClick={() => onClose(null)}>
          {t('admin.edit.cancel')}
        </button>
      </div>
    </form>
  );
}
