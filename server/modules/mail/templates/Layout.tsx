import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import type { Locale } from '../../../../domain/locale';
import type { MailMessageId } from '../../../../locales/messages';
import { translate } from '../../../i18n';

/** Who the mails come from, as the footer of every mail shows it. */
export interface ShopIdentity {
  name: string;
  /** The shop's public address (PUBLIC_URL), links are built on it. */
  url: string;
  /** Where customers write to (the address mails come from). */
  email: string;
  /** Where goods sent back go: the company's name and registered office (COMPANY_NAME, COMPANY_ADDRESS). */
  returnAddress: string;
}

/** A mail's words in its language, from the mail catalogue (locales/mail). */
export type MailText = (key: MailMessageId, values?: Record<string, unknown>) => string;
export const mailText =
  (locale: Locale): MailText =>
  (key, values) =>
    translate(locale, key, values);

const body = { backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', color: '#18181b', margin: 0, padding: '16px 0' };
const card = { backgroundColor: '#ffffff', borderRadius: '8px', padding: '24px', maxWidth: '560px' };
export const muted = { color: '#52525b', fontSize: '14px', lineHeight: '20px' };
export const paragraph = { fontSize: '16px', lineHeight: '24px', margin: '12px 0' };
export const button = { backgroundColor: '#b91c1c', color: '#ffffff', borderRadius: '6px', padding: '12px 20px', fontWeight: 700, textDecoration: 'none', display: 'inline-block' };

/**
 * Every mail's frame, in the mail's language: the shop's name on top, the content, and how to reach
 * the shop at the bottom. Readable on a phone (one column, 560 px at most). A mail the recipient may stop (not about
 * their own order) gives `unsubscribe`, its page's link (mail/optOut.ts unsubscribeUrls), shown under the footer.
 */
export function Layout({ shop, locale, preview, unsubscribe, children }: { shop: ShopIdentity; locale: Locale; preview: string; unsubscribe?: string; children: ReactNode }) {
  const t = mailText(locale);
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Text style={{ fontSize: '20px', fontWeight: 800, margin: '0 0 8px' }}>{shop.name}</Text>
          {children}
          <Hr style={{ borderColor: '#e4e4e7', margin: '24px 0 12px' }} />
          <Section>
            <Text style={muted}>
              {t('mail.footer.writeTo')} <Link href={`mailto:${shop.email}`}>{shop.email}</Link> {t('mail.footer.orVisit')} <Link href={shop.url}>{shop.url.replace(/^https?:\/\//, '')}</Link>.
            </Text>
            {unsubscribe && (
              <Text style={muted}>
                {t('mail.footer.unsubscribeLead')} <Link href={unsubscribe}>{t('mail.footer.unsubscribe')}</Link>
              </Text>
            )}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
