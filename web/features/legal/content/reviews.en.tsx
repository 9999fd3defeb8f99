import { LegalArticle } from '../LegalArticle';
import type { LegalContentProps } from './types';

/** How reviews are collected and checked (OUG 58/2022 on unfair commercial practices, issue 49). */
export default function ReviewsEn({ company }: LegalContentProps) {
  return (
    <LegalArticle title="How we check reviews" updated="Last updated: 29 November 2026">
      <p>
        The reviews on our product pages come only from customers who bought the product from us, and we say here how we make sure of that, as the law asks of a shop that shows reviews (Government
        Emergency Ordinance no. 58/2022, which amended Law no. 363/2007 on unfair commercial practices).
      </p>
      <h2>Who can write a review</h2>
      <p>
        Only the customer of an order we delivered. Some days after the courier or we mark the order delivered, its customer gets one email from us asking for a review, with a personal link. The link
        is signed for that order alone: it cannot be guessed or changed to review another order, and nobody can write a review without it. Each product of the order can be reviewed once.
      </p>
      <p>We do not ask customers who told us not to write to them, and we never ask about an order whose personal data was erased at its customer’s request.</p>
      <h2>What a review shows</h2>
      <p>
        Every review says <strong>Verified buyer</strong>, with the first name and the initial of the last name of the customer (for example Maria P.) and their county. Never the full name, the
        address, the email or the phone number: what customers buy from us is their business. When a customer has their personal data erased, their reviews stay, without their name.
      </p>
      <p>A review is 1 to 5 stars and, if the customer likes, up to 1000 characters of text. We publish it as written, at once. We do not correct it and do not pay for it.</p>
      <h2>We publish every review, the bad ones too</h2>
      <p>
        We publish every review, including those with one star. The rating of a product is the average of all its published reviews. We do not choose which to show and do not offer anything in
        exchange for a good review.
      </p>
      <p>We hide a review only for one of these reasons, and each hiding is recorded with its reason and date:</p>
      <ul>
        <li>it insults someone;</li>
        <li>it contains personal data (someone’s name, address, phone number or email);</li>
        <li>it is not about the product (off-topic).</li>
      </ul>
      <h2>Questions</h2>
      <p>
        If you think a review should not be here, or you wrote one and want it removed, write to us at <a href={`mailto:${company.email}`}>{company.email}</a>.
      </p>
    </LegalArticle>
  );
}
