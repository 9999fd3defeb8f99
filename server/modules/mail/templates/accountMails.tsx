import { Heading, Link, Text } from '@react-email/components';
import { button, Layout, muted, paragraph, type ShopIdentity } from './Layout';
import type { RenderedParts } from './orderMails';

/** To an account that asked to choose a new password: the one-time link, and what to do if it was not them. */
export function passwordResetMail(shop: ShopIdentity, reset: { url: string; minutes: number }): RenderedParts {
  return {
    subject: `Choose a new password for ${shop.name}`,
    element: (
      <Layout shop={shop} preview={`The link works for ${reset.minutes} minutes, once.`}>
        <Heading as="h1" style={{ fontSize: '22px' }}>
          Choose a new password
        </Heading>
        <Text style={paragraph}>Someone, probably you, asked to reset the password of your account. Open this link to choose a new one:</Text>
        <Text style={paragraph}>
          <Link href={reset.url} style={button}>
            Choose a new password
          </Link>
        </Text>
        <Text style={muted}>
          The link works once, for {reset.minutes} minutes: {reset.url}
        </Text>
        <Text style={muted}>If you did not ask for it, ignore this mail: your password stays as it is.</Text>
      </Layout>
    ),
  };
}
