/**
 * The owners' alerts, in OWNER_MAIL_LANGUAGE (the `locale` each takes): a new order, a withdrawal, an AWB cancelled at the
 * courier's end, a card payment to look at, and a cancelled order paid all the same. Each links to the order in the back office.
 */
import { Heading, Link, Text } from '@react-email/components';
import { dayValue } from '../../../../domain/issueValues';
import { type Locale, shopTime } from '../../../../domain/locale';
import { chargedText, formatMoney } from '../../../../domain/money';
import { withdrawnText } from '../../../../domain/withdrawal';
import { button, Layout, mailText, paragraph, type ShopIdentity } from './Layout';
import { Address, Lines, type OrderMailData, type RenderedParts } from './orderMails';
import { withdrawalTold } from './returnMails';

const BackOfficeLink = ({ shop, order, locale }: { shop: ShopIdentity; order: OrderMailData; locale: Locale }) => (
  <Text style={paragraph}>
    <Link href={`${shop.url}/admin/orders/${order.id}`} style={button}>
      {mailText(locale)('mail.owner.open')}
    </Link>
  </Text>
);

/** To the owner, on every new order, with a link to it in the back office. */
export function newOrderMail(shop: ShopIdentity, order: OrderMailData, locale: Locale): RenderedParts {
  const t = mailText(locale);
  const number = String(order.number);
  return {
    subject: t('mail.owner.newOrder.subject', { number, total: formatMoney(order.total, locale), paymentMethod: order.paymentMethod }),
    element: (
      <Layout shop={shop} locale={locale} preview={`${order.firstName} ${order.lastName}, ${order.city}`}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {t('mail.owner.newOrder.heading', { number })}
        </Heading>
        <Lines order={order} locale={locale} />
        <Address order={order} locale={locale} />
        <BackOfficeLink shop={shop} order={order} locale={locale} />
      </Layout>
    ),
  };
}

/** To the owners: a customer withdrew, with a link to the order. */
export function withdrawalAlertMail(shop: ShopIdentity, order: OrderMailData, locale: Locale, withdrawalId?: string): RenderedParts | null {
  const withdrawal = withdrawalTold(order, withdrawalId);
  if (!withdrawal) return null;
  const t = mailText(locale);
  const number = String(order.number);
  return {
    subject: t('mail.owner.withdrawal.subject', { number }),
    element: (
      <Layout shop={shop} locale={locale} preview={`${order.firstName} ${order.lastName}, ${formatMoney(order.total, locale)}`}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {t('mail.owner.withdrawal.heading', { number })}
        </Heading>
        <Text style={paragraph}>{t('mail.owner.withdrawal.body', { when: shopTime(withdrawal.statedAt, locale), day: dayValue(withdrawal.refundDueDay) })}</Text>
        <Text style={paragraph}>{withdrawnText(order.lines, withdrawal.lines)}</Text>
        {withdrawal.reason && <Text style={paragraph}>{withdrawal.reason}</Text>}
        <Lines order={order} locale={locale} />
        <Address order={order} locale={locale} />
        <BackOfficeLink shop={shop} order={order} locale={locale} />
      </Layout>
    ),
  };
}

/** To the owners: the courier says the order's AWB was cancelled at its end (its own portal), not through the shop. */
export function awbCancelledMail(shop: ShopIdentity, order: OrderMailData, awb: { awb: string; courier: string }, locale: Locale): RenderedParts | null {
  if (order.status !== 'confirmed' && order.status !== 'paid') return null;
  const t = mailText(locale);
  const values = { number: String(order.number), courier: awb.courier, awb: awb.awb, status: order.status };
  return {
    subject: t('mail.owner.awbCancelled.subject', values),
    element: (
      <Layout shop={shop} locale={locale} preview={`${order.firstName} ${order.lastName}, ${formatMoney(order.total, locale)}`}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {t('mail.owner.awbCancelled.subject', values)}
        </Heading>
        <Text style={paragraph}>{t('mail.owner.awbCancelled.body', values)}</Text>
        <Lines order={order} locale={locale} />
        <Address order={order} locale={locale} />
        <BackOfficeLink shop={shop} order={order} locale={locale} />
      </Layout>
    ),
  };
}

/** A card payment the owner must look at, as payment_alerts keeps it (server/modules/orders/payments.ts recordPaymentAlert). */
export interface PaymentAlertData {
  kind: 'amount_mismatch' | 'paid_twice';
  amount: number | null;
  currency: string | null;
}

/**
 * To the owners: a card payment to look at. Stripe charged another amount than the order's (never silently marked
 * paid: the order says so too), or the order was paid a second time (refund one payment).
 */
export function paymentAlertMail(shop: ShopIdentity, order: OrderMailData, alert: PaymentAlertData | null, locale: Locale): RenderedParts | null {
  if (!alert) return null;
  const t = mailText(locale);
  const number = String(order.number);
  const values = { number, charged: chargedText(alert.amount, alert.currency, (bani) => formatMoney(bani, locale)), total: formatMoney(order.total, locale) };
  const subject = alert.kind === 'amount_mismatch' ? t('mail.owner.amountMismatch.subject', values) : t('mail.owner.paidTwice.subject', values);
  return {
    subject,
    element: (
      <Layout shop={shop} locale={locale} preview={`${order.firstName} ${order.lastName}, ${values.charged}`}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {subject}
        </Heading>
        <Text style={paragraph}>{alert.kind === 'amount_mismatch' ? t('mail.owner.amountMismatch.body', values) : t('mail.owner.paidTwice.body', values)}</Text>
        <Lines order={order} locale={locale} />
        <Address order={order} locale={locale} />
        <BackOfficeLink shop={shop} order={order} locale={locale} />
      </Layout>
    ),
  };
}

/** To the owners: a cancelled card order was paid all the same (on Stripe's page while it was being cancelled). */
export function paidAfterCancelMail(shop: ShopIdentity, order: OrderMailData, locale: Locale): RenderedParts | null {
  if (order.status !== 'cancelled' || !order.paidAt) return null;
  const t = mailText(locale);
  const number = String(order.number);
  return {
    subject: t('mail.owner.paidAfterCancel.subject', { number }),
    element: (
      <Layout shop={shop} locale={locale} preview={`${order.firstName} ${order.lastName}, ${formatMoney(order.total, locale)}`}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {t('mail.owner.paidAfterCancel.subject', { number })}
        </Heading>
        <Text style={paragraph}>{t('mail.owner.paidAfterCancel.body', { total: formatMoney(order.total, locale), when: shopTime(order.paidAt, locale) })}</Text>
        <Lines order={order} locale={locale} />
        <Address order={order} locale={locale} />
        <BackOfficeLink shop={shop} order={order} locale={locale} />
      </Layout>
    ),
  };
}
