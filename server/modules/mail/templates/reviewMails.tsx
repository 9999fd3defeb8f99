import { Heading, Link, Section, Text } from '@react-email/components';
import { lineName } from '../../../../domain/catalog';
import { button, Layout, mailText, muted, paragraph, type ShopIdentity } from './Layout';
import type { OrderMailData, RenderedParts } from './orderMails';

/**
 * The one mail asking the customer of a delivered order for a review (REVIEW_REQUEST_DAYS, issue 49): what they
 * bought, and the signed link to the page where they rate each product, with how their review will be shown (first
 * name and last initial, county; never the address). Nothing for an order no longer delivered (returned since) or
 * whose details were erased since it was written. It carries the recipient's unsubscribe links (`unsubscribe`): in
 * its footer, and as its List-Unsubscribe header.
 */
export function reviewRequestMail(shop: ShopIdentity, order: OrderMailData, unsubscribe: { page: string; oneClick: string }): RenderedParts | null {
  if (order.status !== 'delivered' || order.anonymisedAt || !order.reviewUrl) return null;
  const { locale } = order;
  const t = mailText(locale);
  const number = String(order.number);
  return {
    subject: t('mail.review.subject', { number }),
    // Not about the order itself: the recipient may stop such mails (Legea 506/2004; mail/optOut.ts).
    unsubscribeUrl: unsubscribe.oneClick,
    element: (
      <Layout shop={shop} locale={locale} preview={t('mail.review.preview', { number })} unsubscribe={unsubscribe.page}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {t('mail.review.heading')}
        </Heading>
        <Text style={paragraph}>{t('mail.review.text', { firstName: order.firstName, number })}</Text>
        <Section>
          {order.lines.map((line) => (
            <Text key={line.id} style={{ ...paragraph, margin: '4px 0' }}>
              {lineName(line.name, line.colour)}
            </Text>
          ))}
        </Section>
        <Link href={order.reviewUrl} style={button}>
          {t('mail.review.button')}
        </Link>
        <Text style={muted}>{t('mail.review.shown')}</Text>
      </Layout>
    ),
  };
}
