import { Heading, Link, Section, Text } from '@react-email/components';
import { streetLine } from '../../../../domain/address';
import { lineName } from '../../../../domain/catalog';
import type { WithdrawalView } from '../../../../domain/contracts/orders';
import { placeLine } from '../../../../domain/counties';
import { dayValue } from '../../../../domain/issueValues';
import type { Locale } from '../../../../domain/locale';
import { lockerLine, type OrderLocker } from '../../../../domain/lockers';
import { formatMoney } from '../../../../domain/money';
import { trackingUrl } from '../../../../domain/orderChanges';
import type { OrderStatus, PaymentMethod } from '../../../../domain/orders';
import { vatByRate, vatPercentText } from '../../../../domain/vat';
import { button, Layout, mailText, muted, paragraph, type ShopIdentity } from './Layout';

/** What an order mail shows: the order as stored now, and where its status page is. */
export interface OrderMailData {
  id: string;
  number: number;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  street: string;
  streetNumber: string;
  /** Block, staircase, floor, apartment (absent or null: none). */
  addressLine2?: string | null;
  city: string;
  postalCode: string;
  /** The county's code; null for orders placed before counties were asked. */
  county: string | null;
  country: string;
  /** The courier's locker it goes to (Sameday easybox), or null for the address. */
  locker?: OrderLocker | null;
  /** `colour`: the colour chosen (null: none, or an order from before colours travelled with lines). */
  lines: { id: number; name: string; colour: string | null; unitPrice: number; quantity: number; vatRate: number; vatAmount: number }[];
  subtotal: number;
  /** What a discount code took off the subtotal (0 without one), and the code (null without one). total = subtotal − discount + shipping. */
  discount: number;
  discountCode: string | null;
  shipping: number;
  shippingVatRate: number;
  shippingVat: number;
  total: number;
  carrier: string | null;
  trackingNumber: string | null;
  cancelReason: string | null;
  /** ISO time it was paid by card; null for cash on delivery and unpaid card orders. */
  paidAt: string | null;
  /** Its withdrawals (the withdrawal function), oldest first: when each reached the shop, which units, why, the IBAN. */
  withdrawals: WithdrawalView[];
  /** The last day (YYYY-MM-DD) the customer may withdraw; null before delivery (domain/withdrawal.ts). */
  withdrawalLastDay: string | null;
  /** The language the customer ordered in: their mails are written in it. */
  locale: Locale;
  /** The customer's page of this order (a signed link that works without an account). */
  statusUrl: string;
  /** The page of its "Confirm my order" link (signed; its button confirms, opening it does not: issue 47). */
  confirmUrl: string;
  /** The page of its review link (signed; issue 49), where its customer rates what they bought; absent: none. */
  reviewUrl?: string;
  /** When its customer's details were erased (absent or null: not erased). */
  anonymisedAt?: Date | null;
  /** The page of its "Pay now by card instead" link, where the cart takes cards; null otherwise. */
  payUrl: string | null;
  /** Paying a cash order by card instead ships it free (PREPAY_FREE_SHIPPING); absent: not. */
  prepayFreeShipping?: boolean;
  /** Its invoice and credit notes as issued, each with the customer's link to its PDF (unguessable, no account needed). */
  invoices: { documentId: string; kind: 'invoice' | 'credit_note'; pdfUrl: string }[];
}

export interface RenderedParts {
  subject: string;
  element: React.ReactElement;
  /** A mail the recipient may stop (not about their own order): its one-click unsubscribe link (mail/optOut.ts). */
  unsubscribeUrl?: string;
}

/** One line per product and per total (the discount code's between subtotal and shipping): readable on a phone and as plain text alike. */
export function Lines({ order, locale }: { order: OrderMailData; locale: Locale }) {
  const t = mailText(locale);
  const money = (amount: number) => formatMoney(amount, locale);
  const line = { ...paragraph, margin: '4px 0' };
  return (
    <Section>
      {order.lines.map((item) => (
        <Text key={lineName(item.name, item.colour)} style={line}>
          {item.quantity} × {lineName(item.name, item.colour)}: {money(item.unitPrice * item.quantity)}
        </Text>
      ))}
      <Text style={{ ...muted, margin: '12px 0 0' }}>{t('mail.lines.subtotal', { amount: money(order.subtotal) })}</Text>
      {order.discount > 0 && <Text style={{ ...muted, margin: 0 }}>{t('mail.lines.discount', { code: order.discountCode ?? '', amount: money(order.discount) })}</Text>}
      <Text style={{ ...muted, margin: 0 }}>{t('mail.lines.shipping', { amount: order.shipping === 0 ? t('mail.lines.shippingFree') : money(order.shipping) })}</Text>
      <Text style={{ ...line, fontWeight: 700 }}>{t('mail.lines.total', { amount: money(order.total) })}</Text>
      {vatByRate(order).map(({ rate, amount }) => (
        <Text key={rate} style={{ ...muted, margin: 0 }}>
          {t('mail.lines.vat', { percent: vatPercentText(rate), amount: money(amount) })}
        </Text>
      ))}
    </Section>
  );
}

export function Address({ order, locale }: { order: OrderMailData; locale: Locale }) {
  const t = mailText(locale);
  return (
    <Text style={paragraph}>
      {order.firstName} {order.lastName}
      <br />
      {streetLine(order)}
      <br />
      {placeLine(order)}, {order.country === 'Romania' ? t('mail.address.romania') : order.country}
      <br />
      {t('mail.address.phone', { phone: order.phoneNumber })}
      {order.locker && (
        <>
          <br />
          <strong>{t('mail.address.locker', { locker: lockerLine(order.locker) })}</strong>
        </>
      )}
    </Text>
  );
}

/** The order's lines and totals, and where it goes. */
export function OrderSummary({ order }: { order: OrderMailData }) {
  return (
    <>
      <Lines order={order} locale={order.locale} />
      <Heading as="h2" style={{ fontSize: '18px' }}>
        {mailText(order.locale)('mail.placed.deliveryTo')}
      </Heading>
      <Address order={order} locale={order.locale} />
    </>
  );
}

/** A cash order's two links (issue 47): Confirm my order, and where the cart takes cards, paying by card instead. */
export function ConfirmLinks({ order }: { order: OrderMailData }) {
  const t = mailText(order.locale);
  return (
    <>
      <Link href={order.confirmUrl} style={button}>
        {t('mail.placed.confirm')}
      </Link>
      {order.payUrl && (
        <Text style={paragraph}>
          {t(order.prepayFreeShipping && order.shipping > 0 ? 'mail.placed.payAskFree' : 'mail.placed.payAsk')} <Link href={order.payUrl}>{t('mail.placed.pay')}</Link>
        </Text>
      )}
    </>
  );
}

export const StatusLink = ({ order }: { order: OrderMailData }) => (
  <Text style={paragraph}>
    <Link href={order.statusUrl} style={button}>
      {mailText(order.locale)('mail.order.seeIt')}
    </Link>
  </Text>
);

/** The order's invoice (the mail that follows its issue links it: shipped, or delivered when invoiced then). */
function InvoiceLink({ order }: { order: OrderMailData }) {
  const invoice = order.invoices.find((document) => document.kind === 'invoice');
  if (!invoice) return null;
  return (
    <Text style={paragraph}>
      <Link href={invoice.pdfUrl}>{mailText(order.locale)('mail.invoice', { number: invoice.documentId })}</Link>
    </Text>
  );
}

/**
 * The mails below are written in a language: the customer's (`order.locale`, the language they
 * ordered in) for theirs, OWNER_MAIL_LANGUAGE for the owners' alerts (the `locale` those take).
 * Numbers (order numbers) are given as text, so no language groups their digits.
 */

/** To the customer, as soon as the order is placed (a card order: once it is paid). */
export function orderPlacedMail(shop: ShopIdentity, order: OrderMailData): RenderedParts {
  const { locale } = order;
  const t = mailText(locale);
  const number = String(order.number);
  const total = formatMoney(order.total, locale);
  return {
    subject: t('mail.placed.subject', { number, shop: shop.name }),
    element: (
      <Layout shop={shop} locale={locale} preview={t('mail.placed.preview', { number, total })}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {t('mail.placed.heading', { firstName: order.firstName, number })}
        </Heading>
        <Text style={paragraph}>{order.paymentMethod === 'cod' ? t('mail.placed.cash', { total }) : t('mail.placed.card', { total })}</Text>
        {order.paymentMethod === 'cod' && (
          <>
            <Text style={paragraph}>{t('mail.placed.confirmAsk')}</Text>
            <ConfirmLinks order={order} />
          </>
        )}
        <OrderSummary order={order} />
        <StatusLink order={order} />
        <Text style={muted}>
          {t('mail.placed.withdrawal', { email: shop.email })} {t('mail.order.id', { id: order.id })}
        </Text>
      </Layout>
    ),
  };
}

/** To the customer when the order changes: shipped (with tracking), delivered or cancelled (with the reason). */
export function statusMail(shop: ShopIdentity, order: OrderMailData): RenderedParts | null {
  const { locale } = order;
  const t = mailText(locale);
  const number = String(order.number);
  const total = formatMoney(order.total, locale);
  switch (order.status) {
    case 'shipped': {
      const link = order.carrier && order.trackingNumber ? trackingUrl(order.carrier, order.trackingNumber) : null;
      return {
        subject: t('mail.shipped.subject', { number }),
        element: (
          <Layout shop={shop} locale={locale} preview={t('mail.shipped.preview', { carrier: order.carrier ?? t('mail.shipped.theCourier'), trackingNumber: order.trackingNumber ?? '' })}>
            <Heading as="h1" style={{ fontSize: '22px' }}>
              {t('mail.shipped.subject', { number })}
            </Heading>
            <Text style={paragraph}>
              {t('mail.shipped.bringing', { carrier: order.carrier })} <strong>{order.trackingNumber}</strong>.{order.paymentMethod === 'cod' ? ` ${t('mail.shipped.payCourier', { total })}` : ''}
            </Text>
            {link && (
              <Text style={paragraph}>
                <Link href={link}>{t('mail.shipped.follow', { carrier: order.carrier })}</Link>
              </Text>
            )}
            <InvoiceLink order={order} />
            <StatusLink order={order} />
          </Layout>
        ),
      };
    }
    case 'delivered':
      return {
        subject: t('mail.delivered.subject', { number }),
        element: (
          <Layout shop={shop} locale={locale} preview={t('mail.delivered.thanks')}>
            <Heading as="h1" style={{ fontSize: '22px' }}>
              {t('mail.delivered.subject', { number })}
            </Heading>
            <Text style={paragraph}>{t('mail.delivered.body')}</Text>
            <Text style={muted}>{order.withdrawalLastDay ? t('mail.delivered.withdrawalUntil', { day: dayValue(order.withdrawalLastDay) }) : t('mail.delivered.withdrawal')}</Text>
            <InvoiceLink order={order} />
            <StatusLink order={order} />
          </Layout>
        ),
      };
    case 'cancelled':
      return {
        subject: t('mail.cancelled.subject', { number }),
        element: (
          <Layout shop={shop} locale={locale} preview={order.cancelReason ?? t('mail.cancelled.preview')}>
            <Heading as="h1" style={{ fontSize: '22px' }}>
              {t('mail.cancelled.subject', { number })}
            </Heading>
            {order.cancelReason && <Text style={paragraph}>{t('mail.cancelled.reason', { reason: order.cancelReason })}</Text>}
            <Text style={paragraph}>
              {order.paidAt ? t('mail.cancelled.refunded', { total }) : t('mail.cancelled.owesNothing')} {t('mail.cancelled.questions')}
            </Text>
          </Layout>
        ),
      };
    default:
      return null;
  }
}
