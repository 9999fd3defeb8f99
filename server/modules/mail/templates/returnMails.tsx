import { Heading, Link, Text } from '@react-email/components';
import type { WithdrawalView } from '../../../../domain/contracts/orders';
import { ibanPrinted } from '../../../../domain/iban';
import { dayValue } from '../../../../domain/issueValues';
import { shopTime } from '../../../../domain/locale';
import { formatMoney } from '../../../../domain/money';
import { withdrawnText } from '../../../../domain/withdrawal';
import { Layout, mailText, muted, paragraph, type ShopIdentity } from './Layout';
import { type OrderMailData, type RenderedParts, StatusLink } from './orderMails';

/** The customer's mails of the way back (issue 45): the withdrawal's receipt, and the refund made. */

/**
 * The withdrawal a mail tells: the one its outbox row names, or the latest (rows written before withdrawals had ids);
 * null when the order has none.
 */
export function withdrawalTold(order: OrderMailData, id: string | undefined): WithdrawalView | null {
  return order.withdrawals.find((withdrawal) => withdrawal.id === id) ?? order.withdrawals.at(-1) ?? null;
}

/**
 * To the customer, at once: the receipt on a durable medium the law asks for (OUG 34/2014 art. 11¹): the statement's
 * content (who, which order, which products, why, the IBAN), when it reached the shop, and what happens next (where to
 * send the goods, by when the refund comes).
 */
export function withdrawalReceivedMail(shop: ShopIdentity, order: OrderMailData, withdrawalId?: string): RenderedParts | null {
  const withdrawal = withdrawalTold(order, withdrawalId);
  if (!withdrawal) return null;
  const { locale } = order;
  const t = mailText(locale);
  const number = String(order.number);
  const received = t('mail.withdrawal.received', { when: shopTime(withdrawal.statedAt, locale) });
  return {
    subject: t('mail.withdrawal.subject', { number }),
    element: (
      <Layout shop={shop} locale={locale} preview={received}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {t('mail.withdrawal.subject', { number })}
        </Heading>
        <Text style={paragraph}>{received}</Text>
        <Text style={paragraph}>{t('mail.withdrawal.statement', { name: `${order.firstName} ${order.lastName}`.trim(), number, email: order.email })}</Text>
        <Text style={paragraph}>{t('mail.withdrawal.products', { products: withdrawnText(order.lines, withdrawal.lines) })}</Text>
        {withdrawal.reason && (
          <Text style={paragraph}>
            {t('mail.withdrawal.yourNote')} {withdrawal.reason}
          </Text>
        )}
        {withdrawal.iban ? (
          <Text style={paragraph}>{t('mail.withdrawal.iban', { iban: ibanPrinted(withdrawal.iban) })}</Text>
        ) : (
          order.paymentMethod === 'cod' && order.status === 'delivered' && <Text style={paragraph}>{t('mail.withdrawal.ibanAsk')}</Text>
        )}
        <Text style={paragraph}>{t('mail.withdrawal.sendBack', { returnAddress: shop.returnAddress, day: dayValue(withdrawal.refundDueDay) })}</Text>
        <Text style={paragraph}>{t('mail.withdrawal.questions', { address: shop.email })}</Text>
        <StatusLink order={order} />
        <Text style={muted}>{t('mail.order.id', { id: order.id })}</Text>
      </Layout>
    ),
  };
}

/**
 * To the customer, when their refund is made (issue 45): how much, how (to the card that paid, or by bank transfer
 * to the account they gave) and on which day. Null when the order has no such refund, or it is not paid.
 */
export function refundMail(shop: ShopIdentity, order: OrderMailData, refundId: string | undefined): RenderedParts | null {
  const refund = order.withdrawals.flatMap((withdrawal) => withdrawal.refunds.map((owed) => ({ ...owed, iban: withdrawal.iban }))).find((owed) => owed.id === refundId);
  if (refund?.status !== 'paid' || !refund.paidOn) return null;
  const { locale } = order;
  const t = mailText(locale);
  const number = String(order.number);
  const values = { amount: formatMoney(refund.amount, locale), day: dayValue(refund.paidOn), iban: refund.iban ? ibanPrinted(refund.iban) : '' };
  const how = refund.method === 'card' ? t('mail.refund.toCard', values) : refund.iban ? t('mail.refund.byTransfer', values) : t('mail.refund.byTransferNoAccount', values);
  return {
    subject: t('mail.refund.subject', { number }),
    element: (
      <Layout shop={shop} locale={locale} preview={how}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {t('mail.refund.subject', { number })}
        </Heading>
        <Text style={paragraph}>{how}</Text>
        {refund.creditNote && <Text style={paragraph}>{t('mail.refund.creditNote', { creditNote: refund.creditNote })}</Text>}
        <Text style={paragraph}>{t('mail.withdrawal.questions', { address: shop.email })}</Text>
        <StatusLink order={order} />
        <Text style={muted}>{t('mail.order.id', { id: order.id })}</Text>
      </Layout>
    ),
  };
}

/**
 * To the customer, when the owner made a return AWB for their withdrawal (issue 45): the courier and the AWB, how the
 * parcel leaves (picked up at their address, or left by them in the easybox named) and the link to print its label.
 * Null when the withdrawal has no return AWB made.
 */
export function returnLabelMail(shop: ShopIdentity, order: OrderMailData, withdrawalId: string | undefined): RenderedParts | null {
  const withdrawal = withdrawalTold(order, withdrawalId);
  const made = withdrawal?.returnAwb;
  if (!withdrawal || made?.state !== 'made' || !made.awb || !made.labelPath) return null;
  const { locale } = order;
  const t = mailText(locale);
  const number = String(order.number);
  const values = { courier: made.courierName, awb: made.awb, locker: made.locker ?? '' };
  const how = made.locker ? t('mail.returnLabel.locker', values) : t('mail.returnLabel.pickup', values);
  return {
    subject: t('mail.returnLabel.subject', { number }),
    element: (
      <Layout shop={shop} locale={locale} preview={how}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {t('mail.returnLabel.subject', { number })}
        </Heading>
        <Text style={paragraph}>{how}</Text>
        <Text style={paragraph}>{t('mail.returnLabel.pack', { products: withdrawnText(order.lines, withdrawal.lines) })}</Text>
        <Text style={paragraph}>
          <Link href={`${shop.url}${made.labelPath}`}>{t('mail.returnLabel.download', { awb: made.awb })}</Link>
        </Text>
        <Text style={paragraph}>{t('mail.returnLabel.free')}</Text>
        <Text style={paragraph}>{t('mail.withdrawal.questions', { address: shop.email })}</Text>
        <StatusLink order={order} />
        <Text style={muted}>{t('mail.order.id', { id: order.id })}</Text>
      </Layout>
    ),
  };
}
