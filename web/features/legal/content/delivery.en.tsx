import { formatMoneyShort } from '../../../../domain/money';
import { FREE_SHIPPING_THRESHOLD, SHIPPING_FEE } from '../../../../domain/pricing';
import { LegalArticle } from '../LegalArticle';
import type { LegalContentProps } from './types';

export default function DeliveryEn({ company }: LegalContentProps) {
  return (
    <LegalArticle title="Delivery" updated="Last updated: 24 November 2026">
      <h2>Where and how</h2>
      <p>
        We deliver anywhere in Romania, to the address you give at checkout, through courier companies (such as Fan Courier, Sameday, Cargus or DPD). The parcel is plain, with nothing on it about what
        is inside.
      </p>
      <h2>How long it takes</h2>
      <p>
        After you order we phone you to confirm it. Confirmed orders leave our warehouse on the next working day and usually arrive within 1–3 working days. When the parcel leaves we email you the
        courier and its tracking number. Express delivery is available on request: ask us when we phone you.
      </p>
      <h2>What it costs</h2>
      <ul>
        <li>Standard shipping: {formatMoneyShort(SHIPPING_FEE, 'en')} per order.</li>
        <li>Free shipping for orders of {formatMoneyShort(FREE_SHIPPING_THRESHOLD, 'en')} or more.</li>
      </ul>
      <p>The shipping cost is shown in the cart and on the payment step before you place the order; prices include VAT.</p>
      <h2>Paying on delivery</h2>
      <p>
        You pay the courier in cash (cash on delivery) when the parcel arrives, the total shown in your order confirmation. Please check the parcel in the courier’s presence; if it is damaged, you may
        refuse it or ask the courier to write a report.
      </p>
      <h2>If something goes wrong</h2>
      <p>
        If the parcel is late or lost, write to <a href={`mailto:${company.email}`}>{company.email}</a> or call {company.phone} with your order number.
      </p>
    </LegalArticle>
  );
}
