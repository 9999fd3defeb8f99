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
