import { Heading, Link, Text } from '@react-email/components';
import type { Locale } from '../../../../domain/locale';
import { button, Layout, mailText, muted, paragraph, type ShopIdentity } from './Layout';
import type { RenderedParts } from './orderMails';

/** To an account that asked to choose a new password, in the language it was asked in: the one-time link, and what to do if it was not them. */
export function passwordResetMail(shop: ShopIdentity, reset: { url: string; minutes: number }, locale: Locale): RenderedParts {
  const t = mailText(locale);
  return {
    subject: t('mail.reset.subject', { shop: shop.name }),
    element: (
      <Layout shop={shop} locale={locale} preview={t('mail.reset.preview', { minutes: reset.minutes })}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {t('mail.reset.heading')}
        </Heading>
        <Text style={paragraph}>{t('mail.reset.body')}</Text>
        <Text style={paragraph}>
          <Link href={reset.url} style={button}>
            {t('mail.reset.heading')}
          </Link>
        </Text>
        <Text style={muted}>{t('mail.reset.expiry', { minutes: reset.minutes, url: reset.url })}</Text>
        <Text style={muted}>{t('mail.reset.notYou')}</Text>
      </Layout>
    ),
  };
}

/**
 * The last mail the shop writes to someone whose data it erased: their account deleted (`orderNumber` null), or their
 * details erased from an order; what the shop keeps, and why.
 */
export function erasureMail(shop: ShopIdentity, orderNumber: string | null, locale: Locale): RenderedParts {
  const t = mailText(locale);
  const subject = orderNumber ? t('mail.erased.orderSubject', { shop: shop.name, number: orderNumber }) : t('mail.erased.accountSubject', { shop: shop.name });
  return {
    subject,
    element: (
      <Layout shop={shop} locale={locale} preview={subject}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {subject}
        </Heading>
        <Text style={paragraph}>{orderNumber ? t('mail.erased.orderBody', { number: orderNumber }) : t('mail.erased.accountBody')}</Text>
        <Text style={paragraph}>{t('mail.erased.kept')}</Text>
        <Text style={muted}>{t('mail.erased.notYou')}</Text>
      </Layout>
    ),
  };
}
