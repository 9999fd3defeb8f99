import { Link } from 'react-router';
import { LegalArticle } from '../LegalArticle';
import { LegalTable } from '../LegalTable';
import type { LegalContentProps } from './types';

export default function PrivacyEn({ company }: LegalContentProps) {
  return (
    <LegalArticle title="Privacy policy" updated="Last updated: 24 November 2026">
      <p>
        {company.name} ({company.address}, CUI {company.cui}) is the controller of the personal data this shop processes, under the General Data Protection Regulation (EU) 2016/679 (GDPR) and Law no.
        190/2018. For anything about your data write to <a href={`mailto:${company.email}`}>{company.email}</a>.
      </p>
      <h2>What we keep when you order as a guest</h2>
      <LegalTable
        head={['Data', 'Why', 'How long']}
        rows={[
          [
            'Name, email, phone number, delivery address (street, number, city, postal code, country)',
            'To deliver the order, phone you to confirm it, and send you its emails (contract, GDPR art. 6(1)(b))',
            'With the order, as long as accounting and tax law require us to keep the records of a sale (Law no. 82/1991), then deleted',
          ],
          [
            'The order: products, prices, totals, payment method, its status and the history of its changes, and any withdrawal request',
            'To fulfil the contract and keep the accounting records the law requires (GDPR art. 6(1)(b) and (c))',
            'As above',
          ],
          [
            'The emails we send you (to whom, which order, when sent)',
            'To send the order confirmation and status updates, and to know they left',
            '90 days after they are sent; then only that a mail was sent stays in the order’s history',
          ],
          ['What the courier reports about your parcel (its status, where and when)', 'To follow the delivery and answer your questions about it', 'With the order'],
          [
            'Your phone number or email, if we stop offering cash on delivery to it after parcels were refused',
            'To avoid sending parcels that come back unpaid (legitimate interest, art. 6(1)(f)); the order can still be paid by card',
            'Until we lift it',
          ],
          ['A card payment’s Stripe reference (never your card details, which only Stripe sees)', 'To match the payment with the order', 'With the order'],
          [
            'A scrambled (hashed) form of your IP address, email and phone number, in counters',
            'To limit how many orders or attempts come from one place, against abuse (legitimate interest, art. 6(1)(f))',
            'At most a few minutes to an hour, then deleted',
          ],
          ['Server logs: time, page asked for, answer, your IP address; never names, emails, addresses or what you type', 'To keep the shop running and secure (legitimate interest)', 'Up to 30 days'],
          [
            'Visitor counts: which pages of the shop were opened, where the visit came from when its link says so (a post, a partner), and a code made from your IP address and browser with a random key of the day that is deleted at its end (no cookie; see Cookies); an order keeps where its visit came from',
            'To know how many visitors become buyers (legitimate interest)',
            'The key: one day; the codes, which then say nothing about you: 35 days',
          ],
        ]}
      />
      <h2>Reviews</h2>
      <p>
        Some days after your order is delivered we email you once to ask for a review (legitimate interest), unless you unsubscribed with the link in such a mail. A review you write is published with
        your first name, the initial of your last name and your county, never your full name or address (see <a href="/reviews/how-we-check">How we check reviews</a>). If your personal data is erased,
        your reviews stay without your name.
      </p>
      <h2>With an account</h2>
      <p>
        If you sign up we also keep your email, your password (only as a one-way hash) and your sessions (with the IP address and browser they were opened from) for as long as you keep the account; a
        session ends after 30 days without use or when you sign out. Orders placed while signed in are linked to the account.
      </p>
      <h2>In your browser</h2>
      <p>
        Your cart is kept in your browser’s local storage and what you type at checkout in its session storage (gone when you close the tab); neither reaches us until you order. Cookies: see{' '}
        <Link to="/cookies">Cookies</Link>.
      </p>
      <h2>Who else sees it</h2>
      <p>
        Only those who help us deliver your order: the courier (name, address, phone, the amount to collect), our hosting and email providers, and Stripe for card payments. We sell no data and use no
        advertising or tracking services.
      </p>
      <h2>Your rights</h2>
      <p>
        You may ask for access to your data, its correction or deletion (where the law does not require us to keep it), restriction, portability, and object to processing based on legitimate interest.
        Write to <a href={`mailto:${company.email}`}>{company.email}</a>; we answer within one month. You may also complain to the National Supervisory Authority for Personal Data Processing (ANSPDCP,{' '}
        <a href="https://www.dataprotection.ro">dataprotection.ro</a>).
      </p>
      <p>
        You can also do it yourself. With an account, <Link to="/account/data">Your data</Link> shows everything we hold about you and downloads it as a file (JSON), and deletes your account once your
        orders are delivered, returned or cancelled: the account and its sign-in go, and your name, email, phone and street address are erased from your orders. Without an account, your order’s page
        (the link in its emails) does the same for that order, and every email about it is deleted. What we keep after that, and why: the invoices issued to you, as issued, for ten years from the end
        of the year they were issued in, because Romanian accounting law requires it (Law no. 82/1991, art. 25; GDPR art. 6(1)(c) and 17(3)(b)); the orders’ products, amounts, city and county, with
        nothing that names you, so the shop’s accounts and figures still add up; and the record that we sent you the confirmation, without your address.
      </p>
    </LegalArticle>
  );
}
