import { LegalArticle } from '../LegalArticle';
import { LegalTable } from '../LegalTable';
import type { LegalContentProps } from './types';

export default function CookiesEn({ company }: LegalContentProps) {
  return (
    <LegalArticle title="Cookies" updated="Last updated: 29 November 2026">
      <p>
        This shop uses only what it needs to work: no advertising, analytics or tracking cookies, and no content from other sites (fonts, pictures or scripts) that could set theirs. That is why we do
        not ask for your consent with a banner (Law no. 506/2004, art. 4(5)).
      </p>
      <h2>Cookies</h2>
      <LegalTable
        head={['Name', 'What for', 'How long']}
        rows={[
          [
            <>
              <code>better-auth.session_token</code> (<code>__Secure-better-auth.session_token</code> over HTTPS)
            </>,
            'Keeps you signed in to your account. Set only when you sign in or sign up; not readable by scripts (HttpOnly), not sent to other sites.',
            '30 days, renewed while you use the shop; deleted when you sign out',
          ],
          [<code key="lang">lang</code>, 'The language you chose with the switch at the top of the page (English or Română). Set only when you use the switch.', '1 year'],
        ]}
      />
      <p>A visitor who neither signs in nor chooses a language gets no cookie at all.</p>
      <h2>Storage in your browser</h2>
      <LegalTable
        head={['Name', 'What for', 'How long']}
        rows={[
          [
            <>
              <code>secret-stash.cart.v1</code> (local storage)
            </>,
            'Your cart, so it survives a reload',
            'Until you order or empty the cart',
          ],
          [
            <>
              <code>secret-stash.checkout.v1</code> (session storage)
            </>,
            'What you typed at checkout, so a reload keeps it',
            'Until you order or close the tab',
          ],
          [
            <>
              <code>secret-stash.attribution.v1</code> (session storage)
            </>,
            'Where your visit came from, when a link says so (its utm_source, utm_medium, utm_campaign or ref tags, or the site that linked to us): sent with the page counts and your order, below',
            'Until you close the tab',
          ],
        ]}
      />
      <p>
        The cart and what you typed leave your browser only when you place an order. Questions: <a href={`mailto:${company.email}`}>{company.email}</a>.
      </p>
      <h2>Counting visitors</h2>
      <p>
        We count visitors on our own server, with no cookie and no third party: when you open a page of the shop, your browser tells our server which one, and the server keeps only a scrambled code
        made from your IP address, your browser’s name and a random key of the day. The key is deleted at the end of the day, so the code cannot be traced back to you nor link your visits on two days;
        your IP address is never stored. This is how Plausible Analytics counts, and it needs no consent.
      </p>
      <p>
        When you came through a link that names where it was posted (an Instagram post, a partner’s link), the tab keeps that source until you close it and tells our server with each page and with
        your order, so we know which posts bring buyers. It names the post, never you, and nothing follows you to another tab or another day.
      </p>
    </LegalArticle>
  );
}
