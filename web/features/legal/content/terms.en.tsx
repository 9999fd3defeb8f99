import { Link } from 'react-router';
import { WITHDRAWAL_DAYS } from '../../../../domain/legal';
import { LegalArticle } from '../LegalArticle';
import type { LegalContentProps } from './types';

export default function TermsEn({ company }: LegalContentProps) {
  return (
    <LegalArticle title="Terms and conditions" updated="Last updated: 24 November 2026">
      <h2>1. Who we are</h2>
      <p>
        This shop is run by {company.name}, registered office {company.address}, tax ID (CUI) {company.cui}, Trade Register no. {company.registrationNumber}. You can reach us at{' '}
        <a href={`mailto:${company.email}`}>{company.email}</a> or {company.phone}.
      </p>
      <h2>2. Orders and contract</h2>
      <p>
        You can order as a guest or with an account. By pressing <strong>Place Order (COD)</strong> you make an order with an obligation to pay. The contract is made when we confirm your order by
        email; we then phone you to check the delivery details. We may refuse an order when a product is no longer available or its details are clearly wrong (for example an obvious price error); we
        then tell you at once and you pay nothing.
      </p>
      <h2>3. Prices and payment</h2>
      <p>
        Prices are in lei (RON) and include VAT. Shipping costs are shown in the cart before you order (see <Link to="/delivery">Delivery</Link>). You pay cash on delivery to the courier; card
        payment, where offered, goes through Stripe and the shop never sees your card details.
      </p>
      <h2>4. Delivery</h2>
      <p>
        We deliver in Romania through courier companies, usually within 1–3 working days after we confirm the order. The details are on the <Link to="/delivery">Delivery</Link> page.
      </p>
      <h2>5. Right of withdrawal</h2>
      <p>
        You may withdraw from the contract within {WITHDRAWAL_DAYS} days of receiving the products, without giving a reason (Government Emergency Ordinance no. 34/2014). How to do it, the model form
        and our online form are on the <Link to="/returns">Returns</Link> page.
      </p>
      <h2>6. Warranty</h2>
      <p>
        The products come with the legal guarantee of conformity (Law no. 449/2003 and Government Emergency Ordinance no. 140/2021). If a product is faulty or not as described, write to us and we will
        repair, replace it or refund you.
      </p>
      <h2>7. Use of the products</h2>
      <p>The products are everyday objects with a hidden compartment, meant for keeping your own belongings private. You are responsible for using them lawfully.</p>
      <h2>8. Personal data and cookies</h2>
      <p>
        How we handle your data is explained in the <Link to="/privacy">Privacy policy</Link>; the shop uses only the cookies it needs to work (see <Link to="/cookies">Cookies</Link>).
      </p>
      <h2>9. Complaints and disputes</h2>
      <p>
        Write to us first at <a href={`mailto:${company.email}`}>{company.email}</a>: we answer within 15 days. You can also turn to the National Authority for Consumer Protection (ANPC,{' '}
        <a href="https://anpc.ro">anpc.ro</a>) or to an alternative dispute resolution body (<a href="https://anpc.ro/ce-este-sal/">anpc.ro/ce-este-sal</a>). Romanian law applies, and disputes go to
        the Romanian courts, without taking away any right consumer law gives you.
      </p>
    </LegalArticle>
  );
}
