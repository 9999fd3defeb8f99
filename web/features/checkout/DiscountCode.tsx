import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { CODE_PATTERN, normalizedCode } from '../../../domain/discounts';
import { inputClass, secondaryButton } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { useCart } from '../../lib/cart/CartProvider';
import { useI18n } from '../../lib/i18n';
import { type AppliedDiscount, appliedDiscountOf, checkDiscountCode, checkoutTotals, isDiscountRefusal } from './discount';

const STATUS_STYLE = { applied: 'font-medium text-green-800', belowMinimum: 'text-amber-900', removed: 'text-zinc-700' } as const;

interface DiscountCodeProps {
  /** The code applied (the checkout's draft), or null. */
  discount: AppliedDiscount | null;
  onChange(discount: AppliedDiscount | null): void;
  /** At the payment step: the code applied is checked once more (used up or ended meanwhile) before the order button. */
  recheck?: boolean;
}

/**
 * The discount code field of the cart and payment steps (issue 34): the server checks a code against the cart and
 * answers what it takes off, or why it does not apply, in the visitor's language; a refused code changes nothing else.
 * Not a <form>: at the payment step it sits inside the order's form (forms do not nest), so Enter is taken here, where
 * it applies the code and never places the order.
 */
export function DiscountCode({ discount, onChange, recheck = false }: DiscountCodeProps) {
  const { cart } = useCart();
  const { t, money } = useI18n();
  const ids = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** Said once the code is taken off (by the customer): the status region announces it. */
  const [removed, setRemoved] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  /** Where focus goes once the field or the applied code shows: the control that replaced the one just used. */
  const focusNext = useRef<'input' | 'remove' | null>(null);
  const { totals, applied, belowMinimum } = checkoutTotals(cart, discount);
  /** The code applied now: an answer about a code the customer has since removed or replaced changes nothing. */
  const latest = useRef(discount);
  latest.current = discount;

  // After each render: once the control asked for is in the page, it takes focus.
  useEffect(() => {
    const next = focusNext.current === 'remove' ? removeButton.current : focusNext.current === 'input' ? input.current : null;
    if (!next) return;
    next.focus();
    focusNext.current = null;
  });

  /** The reason a check failed, fit to show: the server's own message, else the network's. */
  const reason = (error: unknown) => (error instanceof ApiError ? error.message : t('message.orderNetworkError'));

  // At the payment step, once: the code applied is asked about again, so a refusal (used up or ended meanwhile) shows
  // before the order button rather than after it. Only a refusal takes it off.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the step opens
  useEffect(() => {
    if (!recheck || !applied) return;
    let current = true;
    const stillApplied = () => current && latest.current?.code === applied.code;
    checkDiscountCode(applied.code, cart).then(
      (answer) => stillApplied() && onChange(appliedDiscountOf(answer)),
      (error: unknown) => {
        if (!stillApplied() || !isDiscountRefusal(error)) return;
        setTyped(applied.code);
        setProblem(error.message);
        onChange(null);
      },
    );
    return () => {
      current = false;
    };
  }, []);

  async function apply() {
    if (busy) return;
    const code = normalizedCode(typed);
    setRemoved(null);
    if (code === '') return setProblem(t('checkout.discount.required'));
    // Not a code the shop could have made (domain/discounts CODE_PATTERN): refused as the server would, without asking.
    if (!CODE_PATTERN.test(code)) return setProblem(t('checkout.discount.refused.unknown', { code }));
    setBusy(true);
    setProblem(null);
    try {
      const answer = await checkDiscountCode(code, cart);
      focusNext.current = 'remove';
      setTyped('');
      onChange(appliedDiscountOf(answer));
    } catch (error) {
      setProblem(reason(error));
    } finally {
      setBusy(false);
    }
  }

  function remove() {
    if (!discount) return;
    focusNext.current = 'input';
    setProblem(null);
    setRemoved(t('checkout.discount.removed', { code: discount.code }));
    onChange(null);
  }

  const statusId = `${ids}-status`;
  const problemId = `${ids}-problem`;
  const inputId = `${ids}-code`;
  let status: string | null = removed;
  if (applied) status = t('checkout.discount.applied', { code: applied.code, amount: money(totals.discount) });
  if (belowMinimum) status = t('checkout.discount.refused.belowMinimum', { code: belowMinimum.code, amount: money(belowMinimum.minSubtotal ?? 0) });

  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 text-sm">
      {/* Always in the page, so what appears in it is announced: the code applied, why it takes nothing off now, or that it was removed. */}
      <p id={statusId} role="status" className={status ? `min-w-0 flex-1 basis-56 break-words ${STATUS_STYLE[applied ? 'applied' : belowMinimum ? 'belowMinimum' : 'removed']}` : 'sr-only'}>
        {status}
      </p>
      {discount ? (
        <button ref={removeButton} type="button" onClick={remove} aria-describedby={statusId} className={`${secondaryButton} px-3 text-sm`}>
          {t('checkout.discount.remove')}
        </button>
      ) : (
        <div className="w-full">
          <label htmlFor={inputId} className="font-medium">
            {t('checkout.discount.label')}
          </label>
          <div className="flex items-start gap-2">
            <input
              ref={input}
              id={inputId}
              type="text"
              name="discountCode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                setProblem(null);
              }}
              onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
                if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                event.preventDefault();
                void apply();
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              className={`${inputClass} min-w-0 flex-1`}
            />
            <button
              type="button"
              onClick={() => void apply()}
              aria-disabled={busy || undefined}
              className={`${secondaryButton} mt-1 shrink-0 px-4 aria-disabled:cursor-wait aria-disabled:text-zinc-600`}
            >
              {busy ? t('checkout.discount.applying') : t('checkout.discount.apply')}
            </button>
          </div>
          {problem && (
            <p id={problemId} role="alert" className="mt-1 text-red-700">
              {problem}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
