import { sectorToAsk, shippingSchema } from '../../../domain/checkout';
import { EMAIL_PATTERN } from '../../../domain/email';
import type { CheckoutDraft } from './useCheckoutDraft';

export const STEPS = ['cart', 'email', 'shipping', 'payment'] as const;

/**
 * The shipping details as the order sends them: the fields, the postal code's confirmation, the sector when one was
 * asked, and the locker when the customer chose delivery to one.
 */
export function shippingOf(draft: Pick<CheckoutDraft, 'shipping' | 'postalCodeConfirmed' | 'sector'> & Partial<Pick<CheckoutDraft, 'delivery' | 'locker'>>) {
  return {
    ...draft.shipping,
    postalCodeConfirmed: draft.postalCodeConfirmed,
    ...(draft.sector && sectorToAsk(draft.shipping) ? { sector: draft.sector } : {}),
    ...(draft.delivery === 'locker' && draft.locker ? { lockerId: draft.locker.id } : {}),
  };
}

/** Delivery chosen: to the address, or to a locker once one is chosen. */
export const deliveryChosen = (draft: Pick<CheckoutDraft, 'delivery' | 'locker'>) => draft.delivery === 'address' || draft.locker !== null;
export type Step = (typeof STEPS)[number];

/**
 * The step to show for the one asked for (the URL's `?step=`): a step opens only when the steps before
 * it are done (the shipping details valid, not only filled in), so a deep link or a reload lands on
 * the first one missing.
 */
export function stepToShow(requested: string | null, draft: CheckoutDraft): Step {
  const asked = STEPS.find((step) => step === requested) ?? 'cart';
  const emailDone = EMAIL_PATTERN.test(draft.email.trim());
  if ((asked === 'shipping' || asked === 'payment') && !emailDone) return 'email';
  if (asked === 'payment' && (!shippingSchema.safeParse(shippingOf(draft)).success || !deliveryChosen(draft))) return 'shipping';
  return asked;
}

export interface SubmitAttempt {
  /** The order as it was sent. */
  fingerprint: string;
  idempotencyKey: string;
}

/**
 * The key for submitting `payload`: a retry of the same order reuses the previous attempt's key, so a
 * submit that did reach the server is not placed twice; a changed order gets a new key.
 */
export function attemptFor(previous: SubmitAttempt | null, payload: unknown, newKey: () => string): SubmitAttempt {
  const fingerprint = JSON.stringify(payload);
  return previous?.fingerprint === fingerprint ? previous : { fingerprint, idempotencyKey: newKey() };
}
