import { Heading, Link, Text } from '@react-email/components';
import { formatMoney } from '../../../../domain/money';
import { button, Layout, mailText, paragraph, type ShopIdentity } from './Layout';
import { ConfirmLinks, type OrderMailData, OrderSummary, type RenderedParts, StatusLink } from './orderMails';

/**
 * The customer's mails about an order after it was placed, beside orderMails.tsx's placed and status mails (issue 47):
 * the reminder to confirm a cash order, the pay link of an order the owner placed, and *Your order was updated*.
 */

/**
 * The one reminder to confirm a cash order its customer has not confirmed from its mail (COD_CONFIRM_REMINDER_MAIL,
 * issue 47): the order's number and sum, Confirm my order and, where the cart takes cards, paying by card instead.
 * Nothing for an order no longer waiting to be confirmed (it left, was cancelled or paid meanwhile).
 */
export function confirmReminderMail(shop: ShopIdentity, order: OrderMailData): RenderedParts | null {
  if (order.paymentMethod !== 'cod' || (order.status !== 'pending' && order.status !== 'confirmed')) return null;
  const { locale } = order;
  const t = mailText(locale);
  const number = String(order.number);
  const total = formatMoney(order.total, locale);
  return {
    subject: t('mail.reminder.subject', { number }),
    element: (
      <Layout shop={shop} locale={locale} preview={t('mail.reminder.preview', { number, total })}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {t('mail.reminder.subject', { number })}
        </Heading>
        <Text style={paragraph}>{t('mail.reminder.text', { firstName: order.firstName, number, total })}</Text>
        <ConfirmLinks order={order} />
        <StatusLink order={order} />
      </Layout>
    ),
  };
}

/**
 * The pay link of an order the owner placed for a customer who ordered by phone or message (issue 47): its number, what
 * it comes to and its lines, and the link to pay it by card. Nothing once it no longer awaits its payment.
 */
export function payLinkMail(shop: ShopIdentity, order: OrderMailData, days: number): RenderedParts | null {
  if (order.status !== 'awaiting_payment' || !order.payUrl) return null;
  const { locale } = order;
  const t = mailText(locale);
  const number = String(order.number);
  const total = formatMoney(order.total, locale);
  return {
    subject: t('mail.payLink.subject', { number }),
    element: (
      <Layout shop={shop} locale={locale} preview={t('mail.payLink.preview', { number, total })}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {t('mail.payLink.subject', { number })}
        </Heading>
        <Text style={paragraph}>{t('mail.payLink.text', { firstName: order.firstName, number, total, days: String(days) })}</Text>
        <Link href={order.payUrl} style={button}>
          {t('mail.payLink.pay', { total })}
        </Link>
        <OrderSummary order={order} />
      </Layout>
    ),
  };
}

/**
 * To the customer when the owner edited the order (issue 47): *Your order was updated*, with its lines, total and
 * address as they now are: cash to have ready, or what goes back to the card (`refund`, bani; 0: nothing).
 */
export function orderUpdatedMail(shop: ShopIdentity, order: OrderMailData, refund: number): RenderedParts {
  const { locale } = order;
  const t = mailText(locale);
  const number = String(order.number);
  const total = formatMoney(order.total, locale);
  return {
    subject: t('mail.updated.subject', { number }),
    element: (
      <Layout shop={shop} locale={locale} preview={t('mail.updated.preview', { number, total })}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {t('mail.updated.heading')}
        </Heading>
        <Text style={paragraph}>{t('mail.updated.text', { firstName: order.firstName, number, total })}</Text>
        {order.paymentMethod === 'cod' && <Text style={paragraph}>{t('mail.updated.cash', { total })}</Text>}
        {refund > 0 && <Text style={paragraph}>{t('mail.updated.refund', { amount: formatMoney(refund, locale) })}</Text>}
        <OrderSummary order={order} />
        <StatusLink order={order} />
      </Layout>
    ),
  };
}
