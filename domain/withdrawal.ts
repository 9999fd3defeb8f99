import { z } from 'zod';
import { emailSchema } from './email';
import { plainText } from './text';

/** Longest text the customer may add (which products, why): a few sentences. */
export const WITHDRAWAL_NOTE_MAX = 1000;

/**
 * A withdrawal from a purchase through the shop's online form (OUG 34/2014 art. 11): the order's
 * number and the email it was placed with, and optionally which products and why. The form and
 * POST /api/orders/withdrawal parse it with this one schema.
 */
export const withdrawalRequestSchema = z.object({
  orderNumber: z
    .number({ error: 'Enter your order number, as in its confirmation email.' })
    .int('Enter your order number, as in its confirmation email.')
    .min(1, 'Enter your order number, as in its confirmation email.')
    .max(2_147_483_647, 'Enter your order number, as in its confirmation email.'),
  email: emailSchema,
  products: plainText('Products', 'Products must be text.').max(WITHDRAWAL_NOTE_MAX, `Products: at most ${WITHDRAWAL_NOTE_MAX} characters.`).optional(),
  reason: plainText('Reason', 'Reason must be text.').max(WITHDRAWAL_NOTE_MAX, `Reason: at most ${WITHDRAWAL_NOTE_MAX} characters.`).optional(),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

/** What the customer wrote, as one note for the order and its timeline (null when nothing). */
export function withdrawalNoteOf(request: Pick<WithdrawalRequest, 'products' | 'reason'>): string | null {
  const parts = [request.products ? `Products: ${request.products}` : '', request.reason ? `Reason: ${request.reason}` : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The server's answers to a withdrawal request (shown by the form as they are). */
export const WITHDRAWAL_MESSAGES = {
  en: {
    // The same whether no order has the number or its email differs: the form tells nothing about other people's orders.
    notFound: 'We found no order with this number and email address. Check both against your order confirmation email and try again.',
    alreadyRequested: 'You have already asked to withdraw from this order. We sent you a confirmation by email when you did.',
    notWithdrawable: 'This order has been cancelled, so there is nothing to withdraw from.',
    tooMany: 'Too many attempts from this connection. Please wait a few minutes and try again.',
    timelineNote: 'Withdrawal requested by the customer (online form, OUG 34/2014)',
  },
  ro: {
    notFound: 'Nu am găsit nicio comandă cu acest număr și această adresă de e-mail. Verifică-le în e-mailul de confirmare a comenzii și încearcă din nou.',
    alreadyRequested: 'Ai cerut deja retragerea din această comandă. Ți-am trimis atunci o confirmare pe e-mail.',
    notWithdrawable: 'Această comandă a fost anulată, deci nu există un contract din care să te retragi.',
    tooMany: 'Prea multe încercări de la această conexiune. Te rugăm să aștepți câteva minute și să încerci din nou.',
    timelineNote: 'Retragere cerută de client (formular online, OUG 34/2014)',
  },
} as const;
