import { useEffect, useId, useState } from 'react';
import { type DiscountCodeView, discountCodeListSchema, discountCodeSchema } from '../../../domain/contracts/discounts';
import { discountCodeRequestSchema } from '../../../domain/discountEdit';
import type { DiscountKind } from '../../../domain/discounts';
import { shopDay } from '../../../domain/locale';
import { parseRon } from '../../../domain/productEdit';
import { Feedback } from '../../components/ui/Feedback';
import { Field } from '../../components/ui/Field';
import { type Column, RowTable, type TableRow } from '../../components/ui/ScrollingTable';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { firstProblem, useBackOfficeTitle } from '../../lib/backOffice';
import { type Translate, useI18n } from '../../lib/i18n';

const errorText = (error: unknown, t: Translate) => (error instanceof ApiError ? error.message : t('admin.somethingWrong'));

/**
 * The owner's discount codes (issue 34): each with how often it was used and what the orders that used it came to, what
 * it takes off and its rules, paused or running; and a new one. A code is its own line in an order's totals, never a
 * price reduction.
 */
export default function CodesPage() {
  const { t } = useI18n();
  useBackOfficeTitle(t('admin.codes.heading'));
  const [codes, setCodes] = useState<DiscountCodeView[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    apiRequest('/admin/discount-codes', discountCodeListSchema)
      .then((answer) => setCodes(answer.codes))
      .catch((failure: unknown) => setProblem(errorText(failure, t)));
  }, [t]);

  const replace = (changed: DiscountCodeView) => setCodes((current) => (current ?? []).map((code) => (code.id === changed.id ? changed : code)));
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('admin.codes.heading')}</h1>
      <p className="max-w-3xl text-zinc-700">{t('admin.codes.intro')}</p>
      {problem && (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      )}
      {codes && (codes.length === 0 ? <p>{t('admin.codes.none')}</p> : <CodeTable codes={codes} onChanged={replace} />)}
      <NewCode onCreated={(code) => setCodes((current) => [code, ...(current ?? [])])} />
    </div>
  );
}

function CodeTable({ codes, onChanged }: { codes: DiscountCodeView[]; onChanged: (code: DiscountCodeView) => void }) {
  const { t, money, locale } = useI18n();
  // What a code brought beside the code itself, where a phone shows it before scrolling sideways; its rules after.
  const columns: Column[] = (['code', 'uses', 'revenue', 'discount', 'minimum', 'days', 'status'] as const).map((column) => ({
    label: t(`admin.codes.column.${column}`),
    align: column === 'revenue' ? 'right' : 'left',
    cellClass: column === 'code' ? 'font-mono font-semibold' : column === 'revenue' || column === 'days' ? 'whitespace-nowrap' : undefined,
  }));
  const day = (value: string | null) => (value ? shopDay(value, locale) : '…');
  const rows = codes.map(
    (code): TableRow => ({
      key: String(code.id),
      head: (
        <>
          <span className="font-mono">{code.code}</span>
          {code.channel && <span className="block text-xs font-normal text-zinc-600">{t('admin.codes.countsIn', { channel: code.channel })}</span>}
        </>
      ),
      cells: [
        <>
          {code.usageLimit === null ? code.uses : `${code.uses} / ${code.usageLimit}`}
          {code.oncePerContact && <span className="block text-xs text-zinc-600">{t('admin.discount.field.oncePerContact')}</span>}
        </>,
        money(code.revenue),
        code.kind === 'percent' ? `${code.value}%` : money(code.value),
        code.minSubtotal === null ? '—' : money(code.minSubtotal),
        code.validFrom || code.validTo ? `${day(code.validFrom)} – ${day(code.validTo)}` : t('admin.codes.always'),
        <PauseButton key="status" code={code} onChanged={onChanged} />,
      ],
    }),
  );
  return <RowTable caption={t('admin.codes.caption')} columns={columns} minWidth="min-w-[54rem]" rows={rows} />;
}

function PauseButton({ code, onChanged }: { code: DiscountCodeView; onChanged: (code: DiscountCodeView) => void }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function toggle() {
    setBusy(true);
    setProblem(null);
    try {
      onChanged(await apiRequest(`/admin/discount-codes/${code.id}`, discountCodeSchema, { method: 'PATCH', body: JSON.stringify({ active: !code.active }) }));
    } catch (failure) {
      setProblem(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span>{t(code.active ? 'admin.codes.running' : 'admin.codes.paused')}</span>
      <button
        type="button"
        className={secondaryButton}
        disabled={busy}
        onClick={() => void toggle()}
        aria-label={t(code.active ? 'admin.codes.pauseCode' : 'admin.codes.resumeCode', { code: code.code })}
      >
        {t(code.active ? 'admin.codes.pause' : 'admin.codes.resume')}
      </button>
      {problem && (
        <span role="alert" className="text-sm text-red-700">
          {problem}
        </span>
      )}
    </div>
  );
}

function NewCode({ onCreated }: { onCreated: (code: DiscountCodeView) => void }) {
  const { t } = useI18n();
  const id = useId();
  const empty = { code: '', kind: 'percent' as DiscountKind, value: '', minSubtotal: '', validFrom: '', validTo: '', usageLimit: '', oncePerContact: false, channel: '' };
  const [form, setForm] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));

  async function create() {
    setProblem(null);
    setDone(null);
    // A sum is typed in lei like a price; a percentage as a whole number.
    const value = form.kind === 'amount' ? parseRon(form.value) : Number(form.value.trim());
    const minSubtotal = form.minSubtotal.trim() === '' ? null : parseRon(form.minSubtotal);
    if (value === null || Number.isNaN(value) || form.value.trim() === '') return setProblem(t('admin.codes.problem.value'));
    if (minSubtotal === null && form.minSubtotal.trim() !== '') return setProblem(t('admin.codes.problem.minSubtotal'));
    const parsed = discountCodeRequestSchema.safeParse({
      code: form.code,
      kind: form.kind,
      value,
      minSubtotal,
      validFrom: form.validFrom || null,
      validTo: form.validTo || null,
      usageLimit: form.usageLimit.trim() === '' ? null : Number(form.usageLimit),
      oncePerContact: form.oncePerContact,
      channel: form.channel.trim() || null,
    });
    if (!parsed.success) return setProblem(firstProblem(t, parsed.error.issues[0], 'admin.codes.problem.check'));
    setBusy(true);
    try {
      const created = await apiRequest('/admin/discount-codes', discountCodeSchema, { method: 'POST', body: JSON.stringify(parsed.data) });
      onCreated(created);
      setDone(t('admin.codes.created', { code: created.code }));
      setForm(empty);
    } catch (failure) {
      setProblem(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      aria-label={t('admin.codes.new')}
      noValidate
      className="flex max-w-3xl flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-zinc-200"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void create();
      }}
    >
      <h2 className="text-lg font-semibold">{t('admin.codes.new')}</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-code`} label={t('admin.discount.field.code')}>
          <input id={`${id}-code`} className={`${inputClass} font-mono uppercase`} value={form.code} maxLength={40} autoComplete="off" onChange={set('code')} />
        </Field>
        <Field id={`${id}-kind`} label={t('admin.codes.kind')}>
          <select id={`${id}-kind`} className={inputClass} value={form.kind} onChange={set('kind')}>
            <option value="percent">{t('admin.codes.kind.percent')}</option>
            <option value="amount">{t('admin.codes.kind.amount')}</option>
          </select>
        </Field>
        <Field id={`${id}-value`} label={t(form.kind === 'percent' ? 'admin.codes.valuePercent' : 'admin.codes.valueLei')}>
          <input id={`${id}-value`} className={inputClass} inputMode="decimal" value={form.value} onChange={set('value')} />
        </Field>
        <Field id={`${id}-min`} label={t('admin.codes.minSubtotalLei')}>
          <input id={`${id}-min`} className={inputClass} inputMode="decimal" value={form.minSubtotal} onChange={set('minSubtotal')} />
        </Field>
        <Field id={`${id}-from`} label={t('admin.discount.field.validFrom')}>
          <input id={`${id}-from`} type="date" className={inputClass} value={form.validFrom} onChange={set('validFrom')} />
        </Field>
        <Field id={`${id}-to`} label={t('admin.discount.field.validTo')}>
          <input id={`${id}-to`} type="date" className={inputClass} value={form.validTo} onChange={set('validTo')} />
        </Field>
        <Field id={`${id}-limit`} label={t('admin.codes.usageLimitOptional')}>
          <input id={`${id}-limit`} className={inputClass} inputMode="numeric" value={form.usageLimit} onChange={set('usageLimit')} />
        </Field>
        <Field id={`${id}-channel`} label={t('admin.codes.channelOptional')}>
          <input id={`${id}-channel`} className={inputClass} value={form.channel} maxLength={60} autoComplete="off" aria-describedby={`${id}-channel-hint`} onChange={set('channel')} />
          <span id={`${id}-channel-hint`} className="mt-1 block text-xs text-zinc-600">
            {t('admin.codes.channelHint')}
          </span>
        </Field>
      </div>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" className="size-4 accent-brand" checked={form.oncePerContact} onChange={(event) => setForm((current) => ({ ...current, oncePerContact: event.target.checked }))} />
        {t('admin.codes.oncePerContactLong')}
      </label>
      <button type="submit" className={`${primaryButton} self-start`} disabled={busy}>
        {t('admin.codes.create')}
      </button>
      <Feedback problem={problem} done={done} />
    </form>
  );
}
