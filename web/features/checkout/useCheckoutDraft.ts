import { useEffect, useState } from 'react';
import { SHIPPING_FIELDS, type ShippingField } from '../../../domain/checkout';
import { BUCHAREST_SECTORS, type BucharestSector } from '../../../domain/counties';
import { type OrderLocker, orderLockerSchema } from '../../../domain/lockers';
import { type AppliedDiscount, storedDiscount } from './discount';

export interface CheckoutDraft {
  email: string;
  shipping: Record<ShippingField, string>;
  /** The customer confirmed a postal code that does not fit the county (reset when either changes). */
  postalCodeConfirmed: boolean;
  /** Bucharest's sector, chosen when the address does not name it ('' until then). */
  sector: BucharestSector | '';
  /** To the address, or to a courier's locker (Sameday easybox): the one chosen, as GET /api/lockers listed it. */
  delivery: 'address' | 'locker';
  locker: OrderLocker | null;
  /** The discount code applied, as the server's check answered it (the order checks it again); null: none. */
  discount: AppliedDiscount | null;
  /** "Send me a link to my cart…" ticked (decision 0045), and the consent's record once the server has it. */
  reminder: boolean;
  reminderId: string | null;
}

const STORAGE_KEY = 'secret-stash.checkout.v1';

/** An empty draft: the country filled in, as the page's language writes it ("Romania", "România"). */
const emptyDraft = (country: string): CheckoutDraft => ({
  email: '',
  postalCodeConfirmed: false,
  sector: '',
  delivery: 'address',
  locker: null,
  discount: null,
  reminder: false,
  reminderId: null,
  shipping: { ...(Object.fromEntries(Object.keys(SHIPPING_FIELDS).map((key) => [key, ''])) as Record<ShippingField, string>), country },
});

function loadDraft(country: string): CheckoutDraft {
  const draft = emptyDraft(country);
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<CheckoutDraft> | null;
    if (typeof saved?.email === 'string') draft.email = saved.email;
    if (saved?.postalCodeConfirmed === true) draft.postalCodeConfirmed = true;
    draft.sector = BUCHAREST_SECTORS.find((sector) => sector === saved?.sector) ?? '';
    if (saved?.delivery === 'locker') draft.delivery = 'locker';
    const locker = orderLockerSchema.safeParse(saved?.locker);
    if (locker.success) draft.locker = locker.data;
    draft.discount = storedDiscount(saved?.discount);
    if (saved?.reminder === true) draft.reminder = true;
    if (typeof saved?.reminderId === 'string') draft.reminderId = saved.reminderId;
    for (const key of Object.keys(SHIPPING_FIELDS) as ShippingField[]) {
      const value = saved?.shipping?.[key];
      if (typeof value === 'string') draft.shipping[key] = value;
    }
  } catch {
    // an unreadable draft is simply not restored
  }
  return draft;
}

/**
 * What the visitor typed in the checkout, kept while they move between steps and across a reload
 * in this tab (sessionStorage: it leaves with the tab, it is not a profile).
 */
export function useCheckoutDraft(country: string) {
  const [draft, setDraft] = useState(() => loadDraft(country));
  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
    } catch {
      // private mode: the draft lives for this page only
    }
  }, [draft]);

  return {
    draft,
    setEmail: (email: string) => setDraft((current) => ({ ...current, email })),
    setShippingField: (field: ShippingField, value: string) =>
      setDraft((current) => ({
        ...current,
        shipping: { ...current.shipping, [field]: value },
        postalCodeConfirmed: field === 'postalCode' || field === 'county' ? false : current.postalCodeConfirmed,
      })),
    setPostalCodeConfirmed: (postalCodeConfirmed: boolean) => setDraft((current) => ({ ...current, postalCodeConfirmed })),
    setSector: (sector: BucharestSector | '') => setDraft((current) => ({ ...current, sector })),
    setDelivery: (delivery: CheckoutDraft['delivery']) => setDraft((current) => ({ ...current, delivery })),
    setLocker: (locker: OrderLocker | null) => setDraft((current) => ({ ...current, locker })),
    setDiscount: (discount: AppliedDiscount | null) => setDraft((current) => ({ ...current, discount })),
    setReminder: (reminder: boolean) => setDraft((current) => ({ ...current, reminder })),
    setReminderId: (reminderId: string | null) => setDraft((current) => ({ ...current, reminderId })),
    reset: () => {
      sessionStorage.removeItem(STORAGE_KEY);
      setDraft(emptyDraft(country));
    },
  };
}
