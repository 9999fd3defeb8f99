import { useEffect } from 'react';
import { issueValues } from '../../domain/issueValues';
import type { Locale } from '../../domain/locale';
import type { OrderStatus, PaymentMethod } from '../../domain/orders';
import type { AdminMessageId } from '../../locales/messages';
import { type Translate, useI18n } from './i18n';

// What the back office's pages share (they are several features: adminOrders, adminMails…).

/** Back-office pages name themselves "… — Back office" in the tab title ("… — Administrare"). */
export function useBackOfficeTitle(title: string) {
  const { t } = useI18n();
  const full = t('admin.pageTitle', { title });
  useEffect(() => {
    document.title = full;
  }, [full]);
}

const bucharestTimeFormat = (locale: string) => new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Bucharest', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Times as the shop lives them, in Bucharest, in the page's language: "23 Nov 2026, 17:45" / "23 nov. 2026, 17:45". */
export const BUCHAREST_TIME: Record<Locale, Intl.DateTimeFormat> = { en: bucharestTimeFormat('en-GB'), ro: bucharestTimeFormat('ro-RO') };

export const paymentName = (t: Translate, method: PaymentMethod) => t(`admin.payment.${method}`);

/** An order's status as the owner calls it ("Pending"; the customer reads web/lib/orderStatus.ts). */
export const orderStatusName = (t: Translate, status: OrderStatus) => t(`admin.orderStatus.${status}`);

/**
 * A form's first refusal (the schema's, shared with the API) in the page's language: its message is a catalogue key,
 * its values the issue's (the field's name among them); `otherwise` when there is none.
 */
export function firstProblem(t: Translate, issue: { message: string } | undefined, otherwise: AdminMessageId): string {
  return issue ? t(issue.message as AdminMessageId, issueValues(issue)) : t(otherwise);
}
