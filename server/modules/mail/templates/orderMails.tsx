import { Heading, Link, Section, Text } from '@react-email/components';
import { lineName } from '../../../../domain/catalog';
import { VAT_TEXT } from '../../../../domain/messages';
import { placeLine } from '../../../../domain/counties';
import { formatRon } from '../../../../domain/money';
import type { OrderStatus, PaymentMethod } from '../../../../domain/orders';
import { trackingUrl } from '../../../../domain/orderChanges';
import { vatByRate, vatPercentText } from '../../../../domain/vat';
import { button, Layout, muted, paragraph, type ShopIdentity } from './Layout';

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
  city: string;
  postalCode: string;
  /** The county's code; null for orders placed before counties were asked. */
  county: string | null;
  country: string;
  /** `colour`: the colour chosen (null: none, or an order from before colours travelled with lines). */
  lines: { name: string; colour: string | null; unitPrice: number; quantity: number; vatRate: number; vatAmount: number }[];
  subtotal: number;
  shipping: number;
  shippingVatRate: number;
  shippingVat: number;
  total: number;
  carrier: string | null;
  trackingNumber: string | null;
  cancelReason: string | null;
  /** ISO time it was paid by card; null for cash on delivery and unpaid card orders. */
  paidAt: string | null;
  /** ISO time the customer asked to withdraw (the online form), and what they wrote; null before. */
  withdrawalRequestedAt: string | null;
  withdrawalNote: string | null;
  /** The customer's page of this order (a signed link that works without an account). */
  statusUrl: string;
}

export interface RenderedParts {
  subject: string;
  element: React.ReactElement;
}

/** One line per product and per total: readable on a phone and as plain text alike. */
function Lines({ order }: { order: OrderMailData }) {
  const line = { ...paragraph, margin: '4px 0' };
  return (
    <Section>
      {order.lines.map((item) => (
        <Text key={lineName(item.name, item.colour)} style={line}>
          {item.quantity} × {lineName(item.name, item.colour)}: {formatRon(item.unitPrice * item.quantity)}
        </Text>
      ))}
      <Text style={{ ...muted, margin: '12px 0 0' }}>Subtotal: {formatRon(order.subtotal)}</Text>
      <Text style={{ ...muted, margin: 0 }}>Shipping: {order.shipping === 0 ? 'Free' : formatRon(order.shipping)}</Text>
      <Text style={{ ...line, fontWeight: 700 }}>Total: {formatRon(order.total)}</Text>
      {vatByRate(order).map(({ rate, amount }) => (
        <Text key={rate} style={{ ...muted, margin: 0 }}>
          {VAT_TEXT.en.ofWhich(vatPercentText(rate))}: {formatRon(amount)}
        </Text>
      ))}
    </Section>
  );
}

function Address({ order }: { order: OrderMailData }) {
  return (
    <Text style={paragraph}>
      {order.firstName} {order.lastName}
      <br />
      {order.street} {order.streetNumber}
      <br />
      {placeLine(order)}, {order.country}
      <br />
      Phone: {order.phoneNumber}
    </Text>
  );
}

const StatusLink = ({ order }: { order: OrderMailData }) => (
  <Text style={paragraph}>
    <Link href={order.statusUrl} style={button}>
      See your order
    </Link>
  </Text>
);

/** To the customer, as soon as the order is placed (a card order: once it is paid). */
export function orderPlacedMail(shop: ShopIdentity, order: OrderMailData): RenderedParts {
  const cash = order.paymentMethod === 'cod';
  return {
    subject: `Your order ${order.number} at ${shop.name}`,
    element: (
      <Layout shop={shop} preview={`Order ${order.number}: ${formatRon(order.total)}`}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          Thank you, {order.firstName}! We have your order {order.number}.
        </Heading>
        <Text style={paragraph}>
          {cash
            ? `We will phone you to confirm it, then send it by courier. Please have ${formatRon(order.total)} ready to pay the courier in cash.`
            : `It is paid (${formatRon(order.total)} by card). We will send it by courier and tell you when it leaves.`}
        </Text>
        <Lines order={order} />
        <Heading as="h2" style={{ fontSize: '18px' }}>
          Delivery to
        </Heading>
        <Address order={order} />
        <StatusLink order={order} />
        <Text style={muted}>
          You may withdraw from this purchase within 14 days of receiving it, without giving a reason: write to {shop.email} with your order
          number. Order id: {order.id}.
        </Text>
      </Layout>
    ),
  };
}

/** To the owner, on every new order, with a link to it in the back office. */
export function newOrderMail(shop: ShopIdentity, order: OrderMailData): RenderedParts {
  return {
    subject: `New order ${order.number}: ${formatRon(order.total)} (${order.paymentMethod === 'cod' ? 'cash on delivery' : 'paid by card'})`,
    element: (
      <Layout shop={shop} preview={`${order.firstName} ${order.lastName}, ${order.city}`}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          New order {order.number}
        </Heading>
        <Lines order={order} />
        <Address order={order} />
        <Text style={paragraph}>
          <Link href={`${shop.url}/admin/orders/${order.id}`} style={button}>
            Open it in the back office
          </Link>
        </Text>
      </Layout>
    ),
  };
}

/** To the customer when the order changes: shipped (with tracking), delivered or cancelled (with the reason). */
export function statusMail(shop: ShopIdentity, order: OrderMailData): RenderedParts | null {
  switch (order.status) {
    case 'shipped': {
      const link = order.carrier && order.trackingNumber ? trackingUrl(order.carrier, order.trackingNumber) : null;
      return {
        subject: `Your order ${order.number} is on its way`,
        element: (
          <Layout shop={shop} preview={`${order.carrier ?? 'The courier'}, tracking number ${order.trackingNumber ?? ''}`}>
            <Heading as="h1" style={{ fontSize: '22px' }}>
              Your order {order.number} is on its way
            </Heading>
            <Text style={paragraph}>
              {order.carrier} is bringing it, tracking number <strong>{order.trackingNumber}</strong>.
              {order.paymentMethod === 'cod' ? ` Please have ${formatRon(order.total)} ready to pay the courier.` : ''}
            </Text>
            {link && (
              <Text style={paragraph}>
                <Link href={link}>Follow the parcel on {order.carrier}’s site</Link>
              </Text>
            )}
            <StatusLink order={order} />
          </Layout>
        ),
      };
    }
    case 'delivered':
      return {
        subject: `Your order ${order.number} was delivered`,
        element: (
          <Layout shop={shop} preview="Thank you for shopping with us">
            <Heading as="h1" style={{ fontSize: '22px' }}>
              Your order {order.number} was delivered
            </Heading>
            <Text style={paragraph}>Thank you for shopping with us. If anything is wrong with it, reply to this mail.</Text>
            <Text style={muted}>You may withdraw from this purchase within 14 days of receiving it, without giving a reason.</Text>
          </Layout>
        ),
      };
    case 'cancelled':
      return {
        subject: `Your order ${order.number} was cancelled`,
        element: (
          <Layout shop={shop} preview={order.cancelReason ?? 'Your order was cancelled'}>
            <Heading as="h1" style={{ fontSize: '22px' }}>
              Your order {order.number} was cancelled
            </Heading>
            {order.cancelReason && <Text style={paragraph}>Reason: {order.cancelReason}</Text>}
            <Text style={paragraph}>
              {order.paidAt ? `The ${formatRon(order.total)} you paid is refunded to your card.` : 'You owe nothing.'} Write to us if you have
              any question.
            </Text>
          </Layout>
        ),
      };
    default:
      return null;
  }
}

const WITHDRAWAL_TEXT = {
  en: {
    subject: (number: number) => `We received your withdrawal from order ${number}`,
    heading: (number: number) => `We received your withdrawal from order ${number}`,
    received: (when: string) => `Your request to withdraw from this purchase reached us on ${when}. This mail is your confirmation of it.`,
    yourNote: 'What you wrote:',
    sendBack: (address: string) =>
      `Please send the products back within 14 days, to the address we confirm when we contact you (or to our registered office). Once we have them, or proof you sent them, we refund what you paid, standard delivery included, within 14 days of your request. For an order paid on delivery, reply to this mail with the bank account (IBAN) to refund to. Questions: ${address}.`,
    alertSubject: (number: number) => `Withdrawal requested: order ${number}`,
    alertHeading: (number: number) => `The customer withdraws from order ${number}`,
    alertBody: (when: string) => `Requested on ${when} through the online form. The refund is due within 14 days of the request (OUG 34/2014 art. 13).`,
    open: 'Open it in the back office',
  },
  ro: {
    subject: (number: number) => `Am primit retragerea ta din comanda ${number}`,
    heading: (number: number) => `Am primit retragerea ta din comanda ${number}`,
    received: (when: string) => `Cererea ta de retragere din această achiziție a ajuns la noi pe ${when}. Acest e-mail este confirmarea primirii ei.`,
    yourNote: 'Ce ne-ai scris:',
    sendBack: (address: string) =>
      `Te rugăm să trimiți produsele înapoi în cel mult 14 zile, la adresa pe care ți-o confirmăm când te contactăm (sau la sediul nostru social). După ce le primim, sau primim dovada expedierii, îți rambursăm suma plătită, inclusiv livrarea standard, în cel mult 14 zile de la cererea ta. Pentru o comandă plătită ramburs, răspunde la acest e-mail cu contul bancar (IBAN) în care să facem rambursarea. Întrebări: ${address}.`,
    alertSubject: (number: number) => `Retragere cerută: comanda ${number}`,
    alertHeading: (number: number) => `Clientul se retrage din comanda ${number}`,
    alertBody: (when: string) => `Cerută pe ${when} prin formularul online. Rambursarea se face în cel mult 14 zile de la cerere (OUG 34/2014 art. 13).`,
    open: 'Deschide-o în panoul de administrare',
  },
} as const;

/** A time as the shop tells it: Bucharest's, e.g. "24 November 2026, 14:05". */
const shopTime = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Bucharest' }).format(new Date(iso));

/** To the customer, at once: the acknowledgement on a durable medium the law asks for (OUG 34/2014 art. 11(3)). */
export function withdrawalReceivedMail(shop: ShopIdentity, order: OrderMailData): RenderedParts | null {
  if (!order.withdrawalRequestedAt) return null;
  const text = WITHDRAWAL_TEXT.en;
  return {
    subject: text.subject(order.number),
    element: (
      <Layout shop={shop} preview={text.received(shopTime(order.withdrawalRequestedAt))}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {text.heading(order.number)}
        </Heading>
        <Text style={paragraph}>{text.received(shopTime(order.withdrawalRequestedAt))}</Text>
        {order.withdrawalNote && (
          <Text style={paragraph}>
            {text.yourNote} {order.withdrawalNote}
          </Text>
        )}
        <Lines order={order} />
        <Text style={paragraph}>{text.sendBack(shop.email)}</Text>
        <StatusLink order={order} />
        <Text style={muted}>Order id: {order.id}.</Text>
      </Layout>
    ),
  };
}

/** To the owners: a customer withdrew, with a link to the order. */
export function withdrawalAlertMail(shop: ShopIdentity, order: OrderMailData): RenderedParts | null {
  if (!order.withdrawalRequestedAt) return null;
  const text = WITHDRAWAL_TEXT.en;
  return {
    subject: text.alertSubject(order.number),
    element: (
      <Layout shop={shop} preview={`${order.firstName} ${order.lastName}, ${formatRon(order.total)}`}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {text.alertHeading(order.number)}
        </Heading>
        <Text style={paragraph}>{text.alertBody(shopTime(order.withdrawalRequestedAt))}</Text>
        {order.withdrawalNote && <Text style={paragraph}>{order.withdrawalNote}</Text>}
        <Lines order={order} />
        <Address order={order} />
        <Text style={paragraph}>
          <Link href={`${shop.url}/admin/orders/${order.id}`} style={button}>
            {text.open}
          </Link>
        </Text>
      </Layout>
    ),
  };
}
