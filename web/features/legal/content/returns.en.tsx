import { Link } from 'react-router';
import { WITHDRAWAL_DAYS, WITHDRAWAL_PATH } from '../../../../domain/legal';
import { LegalArticle } from '../LegalArticle';
import type { LegalContentProps } from './types';

export default function ReturnsEn({ company }: LegalContentProps) {
  return (
    <LegalArticle title="Returns and the right of withdrawal" updated="Last updated: 24 November 2026">
      <h2>Your right to withdraw</h2>
      <p>
        You have the right to withdraw from this contract within {WITHDRAWAL_DAYS} days without giving any reason (Government Emergency Ordinance no. 34/2014). The withdrawal period expires{' '}
        {WITHDRAWAL_DAYS} days after the day on which you, or someone you name other than the courier, take physical possession of the goods (of the last one, when an order arrives in several
        parcels); when that day is a Saturday, a Sunday or a public holiday, at the end of the next working day. Your order’s page shows the last day once the order is delivered.
      </p>
      <h2>How to withdraw</h2>
      <p>To exercise the right of withdrawal, tell us of your decision by a clear statement, before the period ends, in any of these ways:</p>
      <ul>
        <li>
          our <Link to={WITHDRAWAL_PATH}>online withdrawal form</Link>: you need only your order number and email address, and we confirm it by email at once;
        </li>
        <li>
          an email to <a href={`mailto:${company.email}`}>{company.email}</a>, or a letter to {company.name}, {company.address}, for example with the model form below (its use is not obligatory).
        </li>
      </ul>
      <p>It is enough that you send your statement before the withdrawal period has expired.</p>
      <h2>Sending the products back</h2>
      <p>
        Send or hand the goods back to us, at {company.address}, without undue delay and in any event not later than {WITHDRAWAL_DAYS} days from the day you tell us you withdraw. You bear the direct
        cost of returning the goods. You are liable only for any diminished value of the goods resulting from handling them beyond what is necessary to establish their nature, characteristics and
        functioning.
      </p>
      <h2>Your refund</h2>
      <p>
        We refund all payments received from you, including the cost of standard delivery, without undue delay and in any event not later than {WITHDRAWAL_DAYS} days from the day we are informed of
        your decision to withdraw. We may withhold the refund until we have received the goods back or you have supplied evidence of having sent them, whichever is earliest. Card payments are refunded
        to the same card; orders paid in cash on delivery are refunded by bank transfer to the account (IBAN) you give us. You pay no fee for the refund. If you chose a delivery more expensive than
        our standard one, we refund the standard delivery cost only.
      </p>
      <h2>Faulty products</h2>
      <p>A product that is faulty or not as described is covered by the legal guarantee of conformity, whatever the withdrawal period: write to us and we cover the return.</p>
      <h2>Model withdrawal form</h2>
      <p>(complete and return this form only if you wish to withdraw from the contract)</p>
      <ul>
        <li>
          To {company.name}, {company.address}, {company.email}:
        </li>
        <li>I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*),</li>
        <li>Ordered on (*)/received on (*),</li>
        <li>Name of consumer(s),</li>
        <li>Address of consumer(s),</li>
        <li>Signature of consumer(s) (only if this form is notified on paper),</li>
        <li>Date</li>
      </ul>
      <p>(*) Delete as appropriate.</p>
    </LegalArticle>
  );
}
