import { useEffect, useId, useRef, useState } from 'react';
import type { AdminOrder } from '../../../domain/contracts/admin';
import { CARRIERS, type StatusChangeRequest, statusChangeRequestSchema } from '../../../domain/orderChanges';
import { ORDER_TRANSITIONS, OWNER_STATUS_TARGETS, type OwnerStatusTarget } from '../../../domain/orders';
import { Field } from '../../components/ui/Field';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { firstProblem, orderStatusName } from '../../lib/backOffice';
import { type Translate, useI18n } from '../../lib/i18n';
import { CreateAwb } from './CreateAwb';
import { Section, useOrderAction } from './orderSection';

/** The form's first refusal in the page's language (firstProblem). */
const requestProblem = (t: Translate, issue: { message: string } | undefined) => firstProblem(t, issue, 'admin.order.checkForm');

const OTHER_CARRIER = 'other';

/** What the owner can do with the order now: only the moves its status allows. */
export function Actions({ order, onChanged, reload }: { order: AdminOrder; onChanged: (order: AdminOrder) => void; reload: () => Promise<AdminOrder> }) {
  const { t, locale } = useI18n();
  const id = useId();
  const allowed = ORDER_TRANSITIONS[order.status] as readonly string[];
  // Cancel is CancelOrder's, at the bottom of the page.
  const targets = allowed.filter((to): to is Exclude<OwnerStatusTarget, 'cancelled'> => to !== 'cancelled' && (OWNER_STATUS_TARGETS as readonly string[]).includes(to));
  const [note, setNote] = useState('');
  const [carrier, setCarrier] = useState<string>(CARRIERS[0]);
  const [otherCarrier, setOtherCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  // Refused as out of date (someone else changed it, or the flow no longer allows this): the order as it is now.
  const { busy, problem, setProblem, run } = useOrderAction(onChanged, reload);
  const [done, setDone] = useState<string | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (problem) alertRef.current?.focus();
  }, [problem]);

  async function change(to: Exclude<OwnerStatusTarget, 'cancelled'>) {
    setProblem(null);
    setDone(null);
    const optionalNote = note.trim() ? { note } : {};
    const request =
      to === 'shipped'
        ? { to, version: order.version, carrier: carrier === OTHER_CARRIER ? otherCarrier : carrier, trackingNumber: tracking, ...optionalNote }
        : { to, version: order.version, ...optionalNote };
    const parsed = statusChangeRequestSchema.safeParse(request);
    if (!parsed.success) {
      setProblem(requestProblem(t, parsed.error.issues[0]));
      return;
    }
    if ((await run(`/admin/orders/${order.id}/status`, parsed.data satisfies StatusChangeRequest)) !== null) return;
    setNote('');
    setTracking('');
    setDone(t(`admin.order.done.${to}`));
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
        <p className="text-zinc-700">
          {t(allowed.includes('cancelled') ? 'admin.order.onlyCancel' : 'admin.order.nothingMore', { status: orderStatusName(t, order.status).toLocaleLowerCase(locale) })}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <Field id={`${id}-note`} label={t('admin.order.note')}>
            <input id={`${id}-note`} className={inputClass} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </Field>
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
        </div>
      )}
    </Section>
  );
}

/**
 * Cancel, with its reason: at the bottom of the order's page (issue 46), away from the next action the owner's thumb is
 * on. Said once done; nothing when the order can no longer be cancelled.
 */
export function CancelOrder({ order, onChanged, reload }: { order: AdminOrder; onChanged: (order: AdminOrder) => void; reload: () => Promise<AdminOrder> }) {
  const { t } = useI18n();
  const id = useId();
  const [reason, setReason] = useState('');
  const [done, setDone] = useState(false);
  const { busy, problem, setProblem, run } = useOrderAction(onChanged, reload);
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (problem) alertRef.current?.focus();
  }, [problem]);
  if (!done && !(ORDER_TRANSITIONS[order.status] as readonly string[]).includes('cancelled')) return null;
  return (
    <Section title={t('admin.order.cancelForm')}>
      {/* Put in the page when there is something to say (an alert is read as it appears): one alert on the page at rest. */}
      {problem && (
        <p ref={alertRef} role="alert" tabIndex={-1} className="mb-3 rounded-lg bg-red-50 p-3 text-red-800 focus:outline-none">
          {problem}
        </p>
      )}
      <p role="status" className={done ? 'rounded-lg bg-green-50 p-3 text-green-900' : 'sr-only'}>
        {done && t('admin.order.done.cancelled')}
      </p>
      {!done && (
        <form
          aria-label={t('admin.order.cancelForm')}
          className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = statusChangeRequestSchema.safeParse({ to: 'cancelled', version: order.version, reason });
            if (!parsed.success) setProblem(requestProblem(t, parsed.error.issues[0]));
            else void run(`/admin/orders/${order.id}/status`, parsed.data satisfies StatusChangeRequest).then((problem) => setDone(problem === null));
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
    </Section>
  );
}
