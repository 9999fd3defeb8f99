import { useEffect, useId, useRef, useState } from 'react';
import { type AwbRequest, awbRequestSchema } from '../../../domain/awbRequest';
import type { AdminOrder } from '../../../domain/contracts/admin';
import { type AwbDraft, awbDraftSchema, shipmentSchema } from '../../../domain/contracts/shipping';
import type { CourierId } from '../../../domain/courier';
import { issueValues } from '../../../domain/issueValues';
import { lockerLine } from '../../../domain/lockers';
import { toDecimalString } from '../../../domain/money';
import { parseRon } from '../../../domain/productEdit';
import type { AdminMessageId } from '../../../locales/messages';
import { Field } from '../../components/ui/Field';
import { inputClass, primaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';

/**
 * Create AWB: the order handed to a courier set up in the shop, from the form Create AWB fills in (the products'
 * weight and packed size, the total as declared value); the cash to collect is the order's, shown and never typed. Creating it ships
 * the order. Nothing when no courier is set up (the manual Ship stays).
 */
export function CreateAwb({ order, onShipped }: { order: AdminOrder; onShipped: (message: string) => Promise<void> }) {
  const { t, money } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState<AwbDraft | null>(null);
  const [courier, setCourier] = useState<CourierId | ''>('');
  const [parcels, setParcels] = useState('1');
  const [weight, setWeight] = useState('');
  const [size, setSize] = useState({ length: '', width: '', height: '' });
  const [declared, setDeclared] = useState('');
  const [note, setNote] = useState('');
  const [openPackage, setOpenPackage] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; fields: { field: string; message: string }[] } | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    apiRequest(`/admin/orders/${order.id}/awb`, awbDraftSchema)
      .then((offered) => {
        setDraft(offered);
        setCourier(offered.couriers[0]?.id ?? '');
        setParcels(String(offered.parcels));
        setWeight(String(offered.weightGrams));
        setSize({ length: String(offered.dimensionsCm.length), width: String(offered.dimensionsCm.width), height: String(offered.dimensionsCm.height) });
        setDeclared(toDecimalString(offered.declaredValue));
        setNote(offered.note);
      })
      .catch(() => setDraft(null));
  }, [order.id]);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  if (!draft || draft.couriers.length === 0) return null;
  const chosen = draft.couriers.find((candidate) => candidate.id === courier);

  async function create() {
    setProblem(null);
    const request = {
      courier,
      parcels: Number(parcels),
      weightGrams: Number(weight),
      lengthCm: Number(size.length),
      widthCm: Number(size.width),
      heightCm: Number(size.height),
      declaredValue: parseRon(declared) ?? Number.NaN,
      openPackage: Boolean(chosen?.openPackage && !draft?.locker && openPackage),
      version: order.version,
      ...(note.trim() ? { note } : {}),
    };
    const parsed = awbRequestSchema.safeParse(request);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      setProblem({ message: issue ? t(issue.message as AdminMessageId, issueValues(issue)) : t('admin.somethingWrong'), fields: [] });
      return;
    }
    setBusy(true);
    try {
      const shipment = await apiRequest(`/admin/orders/${order.id}/awb`, shipmentSchema, { method: 'POST', body: JSON.stringify(parsed.data satisfies AwbRequest) });
      await onShipped(t('admin.awb.created', { awb: shipment.awb, courier: shipment.courierName }));
    } catch (failure) {
      setProblem(failure instanceof ApiError ? { message: failure.message, fields: failure.fields } : { message: t('admin.somethingWrong'), fields: [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      aria-label={t('admin.awb.form')}
      className="flex flex-col gap-3 border-t border-zinc-200 pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <h3 className="font-semibold">{t('admin.awb.heading')}</h3>
      {!draft.addressOk && <p className="rounded-lg bg-amber-50 p-3 text-amber-950">{t('admin.awb.problem.address')}</p>}
      {draft.locker && <p className="rounded-lg bg-green-50 p-3 text-green-950">{t('admin.awb.toLocker', { locker: lockerLine(draft.locker) })}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-courier`} label={t('admin.awb.field.courier')}>
          <select id={`${id}-courier`} className={inputClass} value={courier} onChange={(event) => setCourier(event.target.value as CourierId)}>
            {draft.couriers.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-parcels`} label={t('admin.awb.field.parcels')}>
          <input id={`${id}-parcels`} className={inputClass} inputMode="numeric" value={parcels} onChange={(event) => setParcels(event.target.value)} />
        </Field>
        <Field id={`${id}-weight`} label={t('admin.awb.field.weight')}>
          <input id={`${id}-weight`} className={inputClass} inputMode="numeric" value={weight} onChange={(event) => setWeight(event.target.value)} />
        </Field>
        {(['length', 'width', 'height'] as const).map((side) => (
          <Field key={side} id={`${id}-${side}`} label={t(`admin.awb.field.${side}`)}>
            <input id={`${id}-${side}`} className={inputClass} inputMode="numeric" value={size[side]} onChange={(event) => setSize({ ...size, [side]: event.target.value })} />
          </Field>
        ))}
        <Field id={`${id}-declared`} label={t('admin.awb.field.declaredValueLei')}>
          <input id={`${id}-declared`} className={inputClass} inputMode="decimal" value={declared} onChange={(event) => setDeclared(event.target.value)} />
        </Field>
        <Field id={`${id}-awb-note`} label={t('admin.awb.field.note')}>
          <input id={`${id}-awb-note`} className={inputClass} maxLength={200} value={note} onChange={(event) => setNote(event.target.value)} />
        </Field>
      </div>
      <p className="text-sm">{draft.cashOnDelivery > 0 ? t('admin.awb.cashToCollect', { amount: money(draft.cashOnDelivery) }) : t('admin.awb.nothingToCollect')}</p>
      {/* A locker is opened by the recipient alone: no opening before paying there. */}
      {chosen?.openPackage && !draft.locker && (
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" className="size-4 accent-brand" checked={openPackage} onChange={(event) => setOpenPackage(event.target.checked)} />
          {t('admin.awb.openPackage')}
        </label>
      )}
      {problem && (
        <div ref={problemRef} role="alert" tabIndex={-1} className="rounded-lg bg-red-50 p-3 text-red-800 focus:outline-none">
          <p>{problem.message}</p>
          {problem.fields.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {problem.fields.map((field) => (
                <li key={`${field.field}-${field.message}`}>
                  <span className="font-semibold">{field.field}</span>: {field.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div>
        <button type="submit" className={primaryButton} disabled={busy || !draft.addressOk}>
          {t('admin.awb.create')}
        </button>
      </div>
    </form>
  );
}
