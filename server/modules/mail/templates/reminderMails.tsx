import { Heading, Link, Text } from '@react-email/components';
import type { Locale } from '../../../../domain/locale';
import { button, Layout, mailText, muted, paragraph, type ShopIdentity } from './Layout';
import type { RenderedParts } from './orderMails';

/** A line of a cart reminder as the mail names it: no price (decision 0045: the link reads today's). */
export interface ReminderMailLine {
  name: string;
  quantity: number;
}

/**
 * The one cart reminder a visitor asked for at the checkout (decision 0045): what was in the cart, without prices, and
 * a link that puts it back at today's prices and stock.
 */
/** A mail the recipient may stop: its unsubscribe page (the footer's link) and one-click link (mail/optOut.ts unsubscribeUrls). */
export interface Unsubscribe {
  page: string;
  oneClick: string;
}

export function cartReminderMail(shop: ShopIdentity, reminder: { url: string; lines: readonly ReminderMailLine[] }, locale: Locale, unsubscribe: Unsubscribe): RenderedParts {
  const t = mailText(locale);
  return {
    subject: t('mail.cartReminder.subject', { shop: shop.name }),
    unsubscribeUrl: unsubscribe.oneClick,
    element: (
      <Layout shop={shop} locale={locale} preview={t('mail.cartReminder.preview')} unsubscribe={unsubscribe.page}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {t('mail.cartReminder.heading')}
        </Heading>
        <Text style={paragraph}>{t('mail.cartReminder.body')}</Text>
        <ul>
          {reminder.lines.map((line) => (
            <li key={line.name}>{t('mail.cartReminder.line', { name: line.name, quantity: line.quantity })}</li>
          ))}
        </ul>
        <Text style={paragraph}>
          <Link href={reminder.url} style={button}>
            {t('mail.cartReminder.button')}
          </Link>
        </Text>
        <Text style={muted}>{t('mail.cartReminder.todaysPrices')}</Text>
        <Text style={muted}>{t('mail.cartReminder.why')}</Text>
      </Layout>
    ),
  };
}

/** "Notify me" asked for: the confirmation link (double opt-in), whose page's button confirms. */
export function stockAlertConfirmMail(shop: ShopIdentity, alert: { url: string; name: string }, locale: Locale): RenderedParts {
  const t = mailText(locale);
  return {
    subject: t('mail.stockAlertConfirm.subject', { name: alert.name }),
    element: (
      <Layout shop={shop} locale={locale} preview={t('mail.stockAlertConfirm.subject', { name: alert.name })}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {t('mail.stockAlertConfirm.heading')}
        </Heading>
        <Text style={paragraph}>{t('mail.stockAlertConfirm.body', { name: alert.name })}</Text>
        <Text style={paragraph}>
          <Link href={alert.url} style={button}>
            {t('mail.stockAlertConfirm.button')}
          </Link>
        </Text>
        <Text style={muted}>{t('mail.stockAlertConfirm.notYou')}</Text>
      </Layout>
    ),
  };
}

/** The one mail of a confirmed "Notify me": the colour is back in stock; the subscription has ended. */
export function backInStockMail(shop: ShopIdentity, alert: { url: string; name: string }, locale: Locale, unsubscribe: Unsubscribe): RenderedParts {
  const t = mailText(locale);
  return {
    subject: t('mail.backInStock.subject', { name: alert.name }),
    unsubscribeUrl: unsubscribe.oneClick,
    element: (
      <Layout shop={shop} locale={locale} preview={t('mail.backInStock.subject', { name: alert.name })} unsubscribe={unsubscribe.page}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          {t('mail.backInStock.subject', { name: alert.name })}
        </Heading>
        <Text style={paragraph}>{t('mail.backInStock.body', { name: alert.name })}</Text>
        <Text style={paragraph}>
          <Link href={alert.url} style={button}>
            {t('mail.backInStock.button')}
          </Link>
        </Text>
        <Text style={muted}>{t('mail.backInStock.once')}</Text>
      </Layout>
    ),
  };
}
