import { LegalArticle } from '../LegalArticle';
import type { LegalContentProps } from './types';

export default function CookiesEn({ company }: LegalContentProps) {
  return (
    <LegalArticle title="Cookies" updated="Last updated: 24 November 2026">
      <p>
        This shop uses only what it needs to work: no advertising, analytics or tracking cookies, and no content from other sites (fonts, pictures or
        scripts) that could set theirs. That is why we do not ask for your consent with a banner (Law no. 506/2004, art. 4(5)).
      </p>
      <h2>Cookies</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">What for</th>
            <th scope="col">How long</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>better-auth.session_token</code> (<code>__Secure-better-auth.session_token</code> over HTTPS)
            </td>
            <td>Keeps you signed in to your account. Set only when you sign in or sign up; not readable by scripts (HttpOnly), not sent to other sites.</td>
            <td>30 days, renewed while you use the shop; deleted when you sign out</td>
          </tr>
        </tbody>
      </table>
      <p>A visitor who does not sign in gets no cookie at all.</p>
      <h2>Storage in your browser</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">What for</th>
            <th scope="col">How long</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>secret-stash.cart.v1</code> (local storage)
            </td>
            <td>Your cart, so it survives a reload</td>
            <td>Until you order or empty the cart</td>
          </tr>
          <tr>
            <td>
              <code>secret-stash.checkout.v1</code> (session storage)
            </td>
            <td>What you typed at checkout, so a reload keeps it</td>
            <td>Until you order or close the tab</td>
          </tr>
        </tbody>
      </table>
      <p>
        Neither leaves your browser until you place an order. Questions: <a href={`mailto:${company.email}`}>{company.email}</a>.
      </p>
    </LegalArticle>
  );
}
