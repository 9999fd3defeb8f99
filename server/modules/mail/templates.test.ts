import { describe, expect, it } from 'vitest';
import { renderParts } from './render';
import { passwordResetMail } from './templates/accountMails';
import { confirmReminderMail, orderUpdatedMail, payLinkMail } from './templates/orderChangeMails';
import { type OrderMailData, orderPlacedMail, statusMail } from './templates/orderMails';
import { awbCancelledMail, newOrderMail, paidAfterCancelMail, paymentAlertMail, withdrawalAlertMail } from './templates/ownerMails';
import { refundMail, returnLabelMail, withdrawalReceivedMail } from './templates/returnMails';

const shop = { name: 'Secret Stash', url: 'https://shop.example.ro', email: 'hello@shop.example.ro', returnAddress: 'EXEMPLU SRL, Str. Exemplu 1, Cluj-Napoca' };
const order: OrderMailData = {
  id: '5b0c3a52-8d0f-4a43-9e41-7d3f2a1b9c10',
  number: 10042,
  status: 'pending',
  paymentMethod: 'cod',
  firstName: 'Ștefan',
  lastName: 'Popescu',
  email: 'stefan@example.ro',
  phoneNumber: '+40722123456',
  street: 'Strada Memorandumului',
  streetNumber: '28',
  city: 'Cluj-Napoca',
  postalCode: '400114',
  county: 'CJ',
  country: 'Romania',
  lines: [
    { id: 1, name: 'Dummy Lighter', colour: 'Black', unitPrice: 3999, quantity: 2, vatRate: 2100, vatAmount: 1388 },
    { id: 2, name: 'Dummy Phone Charger', colour: null, unitPrice: 2499, quantity: 1, vatRate: 2100, vatAmount: 434 },
  ],
  subtotal: 10497,
  discount: 0,
  discountCode: null,
  shipping: 1999,
  shippingVatRate: 2100,
  shippingVat: 347,
  total: 12496,
  carrier: null,
  trackingNumber: null,
  cancelReason: null,
  paidAt: null,
  withdrawals: [],
  withdrawalLastDay: null,
  locale: 'en',
  statusUrl: 'https://shop.example.ro/orders/5b0c3a52-8d0f-4a43-9e41-7d3f2a1b9c10?token=abc',
  confirmUrl: 'https://shop.example.ro/orders/5b0c3a52-8d0f-4a43-9e41-7d3f2a1b9c10/confirm?key=k',
  payUrl: null,
  invoices: [],
};

/** A withdrawal of one of the two lighters, stated on 24 November 2026 at 14:05 in Bucharest. */
const statement: OrderMailData['withdrawals'][number] = {
  id: 'w1',
  statedAt: '2026-11-24T12:05:00.000Z',
  reason: null,
  iban: null,
  status: 'requested',
  refundDueDay: '2026-12-08',
  lines: [{ lineId: 1, quantity: 1, received: 0 }],
  refunds: [],
  returnAwb: null,
};

describe('order mails', () => {
  it('tell a cash customer the number, lines, totals, the amount for the courier, the address, the withdrawal right and the status link', async () => {
    const mail = renderParts(orderPlacedMail(shop, order));
    expect(mail.subject).toBe('Your order 10042 at Secret Stash');
    for (const part of [
      'Thank you, Ștefan! We have your order 10042.',
      '2 × Dummy Lighter (Black): 79.98 RON',
      '1 × Dummy Phone Charger: 24.99 RON',
      'Subtotal: 104.97 RON',
      'Shipping: 19.99 RON',
      'Total: 124.96 RON',
      'of which VAT 21%: 21.69 RON',
      'Please have 124.96 RON ready to pay the courier in cash.',
      'Strada Memorandumului 28',
      '400114 Cluj-Napoca, Cluj, Romania',
      'Phone: +40722123456',
      'withdraw from this purchase within 14 days',
      'hello@shop.example.ro',
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain(`href="${order.statusUrl.replace('&', '&amp;')}"`);
    expect(mail.html).toContain('lang="en"');
    // A block address: its second line after the number.
    expect(renderParts(orderPlacedMail(shop, { ...order, addressLine2: 'bl. A3, sc. 2, et. 4, ap. 14' })).text).toContain('Strada Memorandumului 28, bl. A3, sc. 2, et. 4, ap. 14');
  });

  it('tell a card customer it is paid, with free shipping shown as such', async () => {
    const mail = renderParts(orderPlacedMail(shop, { ...order, paymentMethod: 'card', status: 'paid', shipping: 0, total: 10497, paidAt: '2026-11-23T10:00:00Z' }));
    expect(mail.text).toContain('It is paid (104.97 RON by card).');
    expect(mail.text).toContain('Shipping: Free');
    expect(mail.text).not.toContain('ready to pay the courier');
  });

  it('show a discount code as its own line between subtotal and shipping, to the customer and the owner, with the VAT it lowers', () => {
    // 104.97 less 10% (10.50) is 94.47, plus 19.99 shipping: 114.46; the VAT is 21.69 less the 1.82 in the discount.
    const discounted: OrderMailData = { ...order, discount: 1050, discountCode: 'VARA10', total: 11446 };
    const customer = renderParts(orderPlacedMail(shop, discounted));
    expect(customer.text).toContain('Subtotal: 104.97 RON\n\nDiscount (VARA10): −10.50 RON\n\nShipping: 19.99 RON\n\nTotal: 114.46 RON\n\nof which VAT 21%: 19.87 RON');
    expect(customer.text).toContain('Please have 114.46 RON ready to pay the courier in cash.');
    const owner = renderParts(newOrderMail(shop, discounted, 'en'));
    expect(owner.subject).toBe('New order 10042: 114.46 RON (cash on delivery)');
    expect(owner.text).toContain('Discount (VARA10): −10.50 RON');
    expect(renderParts(newOrderMail(shop, discounted, 'ro')).text.replaceAll('\u00a0', ' ')).toContain('Subtotal: 104,97 lei\n\nReducere (VARA10): −10,50 lei\n\nLivrare: 19,99 lei');
    expect(renderParts(withdrawalAlertMail(shop, { ...discounted, withdrawals: [statement] }, 'en')!).text).toContain('Discount (VARA10): −10.50 RON');
    // Without a code, no such line.
    expect(renderParts(orderPlacedMail(shop, order)).text).not.toContain('Discount');
  });

  it('alert the owner with a link to the order in the back office', async () => {
    const mail = renderParts(newOrderMail(shop, order, 'en'));
    expect(mail.subject).toBe('New order 10042: 124.96 RON (cash on delivery)');
    expect(mail.html).toContain(`href="https://shop.example.ro/admin/orders/${order.id}"`);
  });

  it('follow the order: shipped with its tracking link, delivered, cancelled with its reason; nothing for other statuses', async () => {
    const shipped = renderParts(statusMail(shop, { ...order, status: 'shipped', carrier: 'Sameday', trackingNumber: '1ONB 24' })!);
    expect(shipped.subject).toBe('Your order 10042 is on its way');
    expect(shipped.text).toContain('Sameday is bringing it, tracking number 1ONB 24. Please have 124.96 RON ready to pay the courier.');
    expect(shipped.html).toContain('href="https://sameday.ro/#awb=1ONB%2024"');
    const unknownCarrier = renderParts(statusMail(shop, { ...order, status: 'shipped', carrier: 'Bike courier', trackingNumber: '7' })!);
    expect(unknownCarrier.text).not.toContain('Follow the parcel');

    const delivered = renderParts(statusMail(shop, { ...order, status: 'delivered', withdrawalLastDay: '2026-12-07' })!);
    expect(delivered.subject).toBe('Your order 10042 was delivered');
    expect(delivered.text).toContain('You may withdraw from this purchase until the end of 7 December 2026, without giving a reason');
    expect(delivered.html).toContain('href="https://shop.example.ro/orders/5b0c3a52-8d0f-4a43-9e41-7d3f2a1b9c10?token=abc"');
    const cancelled = renderParts(statusMail(shop, { ...order, status: 'cancelled', cancelReason: 'Out of stock' })!);
    expect(cancelled.text).toContain('Reason: Out of stock');
    expect(cancelled.text).toContain('You owe nothing.');
    const refunded = renderParts(statusMail(shop, { ...order, status: 'cancelled', paymentMethod: 'card', paidAt: '2026-11-23T10:00:00Z', cancelReason: 'Out of stock' })!);
    expect(refunded.text).toContain('The 124.96 RON you paid is refunded to your card.');
    expect(statusMail(shop, { ...order, status: 'confirmed' })).toBeNull();
  });

  it('link the invoice PDF in the mail that follows its issue (shipped, or delivered), not before it exists', () => {
    const pdfUrl = 'https://shop.example.ro/api/invoices/0f0e7c1e-5d7b-4b8e-9d59-2f7a4c1b2d3e/pdf?key=k3y';
    const invoiced = { ...order, carrier: 'Sameday', trackingNumber: '1ONB 24', invoices: [{ documentId: 'SST-0007', kind: 'invoice' as const, pdfUrl }] };
    for (const status of ['shipped', 'delivered'] as const) {
      const mail = renderParts(statusMail(shop, { ...invoiced, status })!);
      expect(mail.text).toContain('Your invoice SST-0007 (PDF)');
      expect(mail.html).toContain(`href="${pdfUrl}"`);
    }
    expect(renderParts(statusMail(shop, { ...invoiced, status: 'shipped', locale: 'ro' })!).text).toContain('Factura ta SST-0007 (PDF)');
    expect(renderParts(statusMail(shop, { ...order, status: 'shipped', carrier: 'Sameday', trackingNumber: '1' })!).text).not.toContain('invoice');
  });
});

describe('account mails', () => {
  it('a password reset: the link as a button and in full, how long it works, what to do if it was not you', async () => {
    const url = 'https://shop.example.ro/reset-password?token=abc_123-x';
    const mail = renderParts(passwordResetMail(shop, { url, minutes: 60 }, 'en'));
    expect(mail.subject).toBe('Choose a new password for Secret Stash');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain(`The link works once, for 60 minutes: ${url}`);
    expect(mail.text).toContain('If you did not ask for it, ignore this mail');
    expect(mail.text).toContain('hello@shop.example.ro');
  });
});

describe('order mails for orders placed before counties were asked', () => {
  it('show the address without a county', () => {
    expect(renderParts(newOrderMail(shop, { ...order, county: null }, 'en')).text).toContain('400114 Cluj-Napoca, Romania');
  });
});

describe('withdrawal mails', () => {
  const withdrawn: OrderMailData = { ...order, status: 'delivered', withdrawals: [{ ...statement, reason: 'changed my mind' }] };

  it('give the customer the receipt: when the statement arrived (Bucharest time), its content, where to send the goods and by when the refund comes', () => {
    const mail = renderParts(withdrawalReceivedMail(shop, withdrawn)!);
    expect(mail.subject).toBe('We received your withdrawal from order 10042');
    for (const part of [
      'We received your withdrawal from order 10042',
      'reached us on 24 November 2026 at 14:05',
      'This mail is your confirmation of it.',
      'Your statement: Ștefan Popescu withdraws from the contract of order 10042 (stefan@example.ro) for the products below.',
      'Products you are sending back: 1 × Dummy Lighter (Black).',
      'What you wrote: changed my mind',
      'send the products back within 14 days, to EXEMPLU SRL, Str. Exemplu 1, Cluj-Napoca',
      'by 8 December 2026 at the latest',
      'bank account (IBAN)',
      'hello@shop.example.ro',
      withdrawn.statusUrl,
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.text).not.toContain('Dummy Phone Charger');
    expect(mail.html).toContain('<h1');
  });

  it('tell the withdrawal its outbox row names, of two', () => {
    const second = { ...statement, id: 'w2', statedAt: '2026-11-25T09:00:00.000Z', lines: [{ lineId: 2, quantity: 1, received: 0 }] };
    const twice: OrderMailData = { ...withdrawn, withdrawals: [withdrawn.withdrawals[0]!, second] };
    expect(renderParts(withdrawalReceivedMail(shop, twice, 'w1')!).text).toContain('1 × Dummy Lighter (Black).');
    expect(renderParts(withdrawalReceivedMail(shop, twice, 'w2')!).text).toContain('1 × Dummy Phone Charger.');
    expect(renderParts(withdrawalReceivedMail(shop, twice)!).text).toContain('1 × Dummy Phone Charger.');
    expect(withdrawalReceivedMail(shop, order)).toBeNull();
  });

  it('say where a cash order’s refund goes when the customer gave the account, and ask for it otherwise', () => {
    const withIban = renderParts(withdrawalReceivedMail(shop, { ...withdrawn, withdrawals: [{ ...statement, iban: 'RO49AAAA1B31007593840000' }] })!).text;
    expect(withIban).toContain('We pay your refund by bank transfer into the account you gave: RO49 AAAA 1B31 0075 9384 0000.');
    expect(withIban).not.toContain('reply to this mail with the bank account');
    expect(renderParts(withdrawalReceivedMail(shop, withdrawn)!).text).toContain('reply to this mail with the bank account (IBAN) to refund to');
    expect(renderParts(withdrawalReceivedMail(shop, { ...withdrawn, paymentMethod: 'card' })!).text).not.toContain('IBAN');
  });

  it('tell the owners, with the order in the back office', () => {
    const mail = renderParts(withdrawalAlertMail(shop, withdrawn, 'en')!);
    expect(mail.subject).toBe('Withdrawal requested: order 10042');
    expect(mail.text).toContain('The refund is due by 8 December 2026 at the latest');
    expect(mail.text).toContain('1 × Dummy Lighter (Black)');
    expect(mail.text).toContain('changed my mind');
    expect(mail.text).toContain('https://shop.example.ro/admin/orders/5b0c3a52-8d0f-4a43-9e41-7d3f2a1b9c10');
  });

  it('are not made for an order without a request', () => {
    expect(withdrawalReceivedMail(shop, order)).toBeNull();
    expect(withdrawalAlertMail(shop, order, 'en')).toBeNull();
  });
});

describe('the owners’ alert of a cancelled order paid all the same', () => {
  const paidLate: OrderMailData = { ...order, status: 'cancelled', paymentMethod: 'card', paidAt: '2026-11-23T10:15:00.000Z' };

  it('says how much Stripe took and when, asks for a refund, and links to the order (en and ro)', () => {
    const mail = renderParts(paidAfterCancelMail(shop, paidLate, 'en')!);
    expect(mail.subject).toBe('Order 10042 was paid after it was cancelled');
    expect(mail.text).toMatch(/Stripe took 124\.96\sRON on .+ for this order, which was cancelled while the customer was paying\. Refund the payment/);
    expect(mail.text).toContain('https://shop.example.ro/admin/orders/5b0c3a52-8d0f-4a43-9e41-7d3f2a1b9c10');
    expect(renderParts(paidAfterCancelMail(shop, paidLate, 'ro')!).subject).toBe('Comanda 10042 a fost plătită după ce a fost anulată');
  });

  it('is not made for an order not cancelled, or not paid', () => {
    expect(paidAfterCancelMail(shop, { ...paidLate, status: 'paid' }, 'en')).toBeNull();
    expect(paidAfterCancelMail(shop, { ...paidLate, paidAt: null }, 'en')).toBeNull();
  });
});

describe('the owners’ alert of an AWB cancelled at the courier', () => {
  const back: OrderMailData = { ...order, status: 'confirmed' };
  const awb = { awb: '1SDY0000000042', courier: 'Sameday' };

  it('names the AWB and the courier, says where the order is back to, and links to it (en and ro)', () => {
    const mail = renderParts(awbCancelledMail(shop, back, awb, 'en')!);
    expect(mail.subject).toBe('Order 10042: Sameday cancelled AWB 1SDY0000000042');
    expect(mail.text).toContain('Sameday says AWB 1SDY0000000042 of this order was cancelled at Sameday, not through the shop. The order is back to confirmed: create a new AWB, or ship it by hand.');
    expect(mail.text).toContain('https://shop.example.ro/admin/orders/5b0c3a52-8d0f-4a43-9e41-7d3f2a1b9c10');
    const ro = renderParts(awbCancelledMail(shop, { ...back, status: 'paid' }, awb, 'ro')!);
    expect(ro.subject).toBe('Comanda 10042: Sameday a anulat AWB-ul 1SDY0000000042');
    expect(ro.text).toContain('Comanda a revenit la plătită');
  });

  it('is not made for an order shipped again or moved on meanwhile', () => {
    expect(awbCancelledMail(shop, { ...back, status: 'shipped' }, awb, 'en')).toBeNull();
  });
});

describe('mails in Romanian', () => {
  const ro: OrderMailData = { ...order, locale: 'ro' };
  /** Rendered, with the no-break space that keeps an amount and "lei" together written as a space. */
  const render = (parts: Parameters<typeof renderParts>[0]) => {
    const mail = renderParts(parts);
    return { ...mail, subject: mail.subject.replaceAll('\u00a0', ' '), text: mail.text.replaceAll('\u00a0', ' ') };
  };

  it('a customer who ordered in Romanian gets the confirmation in Romanian, amounts in lei', () => {
    const mail = render(orderPlacedMail(shop, ro));
    expect(mail.subject).toBe('Comanda ta 10042 la Secret Stash');
    for (const part of [
      'Mulțumim, Ștefan! Am primit comanda ta 10042.',
      'Te rugăm să ai pregătită suma de 124,96 lei ca să o plătești curierului în numerar.',
      '2 × Dummy Lighter (Black): 79,98 lei',
      'Subtotal: 104,97 lei',
      'Livrare: 19,99 lei',
      'Total: 124,96 lei',
      'din care TVA 21%: 21,69 lei',
      'Livrare la',
      '400114 Cluj-Napoca, Cluj, România',
      'Telefon: +40722123456',
      'Vezi comanda',
      'Te poți retrage din această achiziție în 14 zile de la primire',
      'Întrebări? Scrie-ne la hello@shop.example.ro sau vizitează shop.example.ro',
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain('lang="ro"');
    expect(mail.text).not.toContain('RON');
    const card = render(orderPlacedMail(shop, { ...ro, paymentMethod: 'card', status: 'paid', shipping: 0, total: 10497, paidAt: '2026-11-23T10:00:00Z' }));
    expect(card.text).toContain('Este plătită (104,97 lei cu cardul).');
    expect(card.text).toContain('Livrare: Gratuită');
  });

  it('status mails follow the order’s language', () => {
    const shipped = render(statusMail(shop, { ...ro, status: 'shipped', carrier: 'Sameday', trackingNumber: '1ONB 24' })!);
    expect(shipped.subject).toBe('Comanda ta 10042 este pe drum');
    expect(shipped.text).toContain('Sameday ți-o aduce, număr de urmărire 1ONB 24. Te rugăm să ai pregătită suma de 124,96 lei ca să o plătești curierului.');
    expect(shipped.text).toContain('Urmărește coletul pe site-ul Sameday');
    const delivered = render(statusMail(shop, { ...ro, status: 'delivered', withdrawalLastDay: '2026-12-07' })!);
    expect(delivered.subject).toBe('Comanda ta 10042 a fost livrată');
    expect(delivered.text).toContain('până la sfârșitul zilei de 7 decembrie 2026');
    const refunded = render(statusMail(shop, { ...ro, status: 'cancelled', paymentMethod: 'card', paidAt: '2026-11-23T10:00:00Z', cancelReason: 'Stoc epuizat' })!);
    expect(refunded.subject).toBe('Comanda ta 10042 a fost anulată');
    expect(refunded.text).toContain('Motiv: Stoc epuizat');
    expect(refunded.text).toContain('Suma de 124,96 lei pe care ai plătit-o îți este rambursată pe card.');
  });

  it('the withdrawal acknowledgement, with the time in Romanian (Bucharest)', () => {
    const mail = render(withdrawalReceivedMail(shop, { ...ro, status: 'delivered', withdrawals: [{ ...statement, reason: 'M-am răzgândit' }] })!);
    expect(mail.subject).toBe('Am primit retragerea ta din comanda 10042');
    expect(mail.text).toContain('a ajuns la noi pe 24 noiembrie 2026 la 14:05');
    expect(mail.text).toContain('Ce ne-ai scris: M-am răzgândit');
    expect(mail.text).toContain('contul bancar (IBAN)');
  });

  it('the owners’ alerts are in the owners’ language (OWNER_MAIL_LANGUAGE), whatever the customer’s', () => {
    const alert = render(newOrderMail(shop, order, 'ro'));
    expect(alert.subject).toBe('Comandă nouă 10042: 124,96 lei (plată ramburs)');
    expect(alert.text).toContain('Deschide-o în panoul de administrare');
    expect(render(newOrderMail(shop, { ...ro, paymentMethod: 'card' }, 'en')).subject).toBe('New order 10042: 124.96 RON (paid by card)');
    expect(render(newOrderMail(shop, { ...order, paymentMethod: 'card' }, 'ro')).subject).toBe('Comandă nouă 10042: 124,96 lei (plătită cu cardul)');
    const withdrawal = render(withdrawalAlertMail(shop, { ...order, withdrawals: [statement] }, 'ro')!);
    expect(withdrawal.subject).toBe('Retragere cerută: comanda 10042');
    expect(withdrawal.text).toContain('Clientul se retrage din comanda 10042');
    expect(withdrawal.text).toContain('Declarată pe 24 noiembrie 2026 la 14:05 prin funcția de retragere. Rambursarea trebuie făcută cel târziu pe 8 decembrie 2026');
    expect(withdrawal.text).toContain('1 × Dummy Lighter (Black)');
  });

  it('a password reset asked for in Romanian', () => {
    const url = 'https://shop.example.ro/reset-password?token=abc';
    const mail = render(passwordResetMail(shop, { url, minutes: 60 }, 'ro'));
    expect(mail.subject).toBe('Alege o parolă nouă pentru Secret Stash');
    expect(mail.text).toContain(`Linkul funcționează o singură dată, timp de 60 de minute: ${url}`);
    expect(mail.text).toContain('Dacă nu tu ai cerut-o, ignoră acest e-mail');
    expect(mail.html).toContain('lang="ro"');
  });
});

describe('the owners’ alert of a card payment to look at', () => {
  const paid: OrderMailData = { ...order, status: 'paid', paymentMethod: 'card', paidAt: '2026-11-23T10:15:00.000Z' };

  it('says what Stripe charged beside what the order says, or that it was paid twice, and links to the order (en and ro)', () => {
    const mismatch = renderParts(paymentAlertMail(shop, paid, { kind: 'amount_mismatch', amount: 11996, currency: 'ron' }, 'en')!);
    expect(mismatch.subject).toMatch(/^Order 10042: Stripe charged 119\.96\sRON, the order says 124\.96\sRON$/);
    expect(mismatch.text).toMatch(/Check the payment in the Stripe dashboard before you send the order/);
    expect(mismatch.text).toContain('https://shop.example.ro/admin/orders/5b0c3a52-8d0f-4a43-9e41-7d3f2a1b9c10');
    expect(renderParts(paymentAlertMail(shop, paid, { kind: 'amount_mismatch', amount: 2500, currency: 'eur' }, 'en')!).subject).toMatch(
      /^Order 10042: Stripe charged 25\.00 EUR, the order says 124\.96\sRON$/,
    );
    expect(renderParts(paymentAlertMail(shop, paid, { kind: 'amount_mismatch', amount: 11996, currency: 'ron' }, 'ro')!).subject).toMatch(
      /^Comanda 10042: Stripe a încasat 119,96\slei, comanda are 124,96\slei$/,
    );
    const twice = renderParts(paymentAlertMail(shop, paid, { kind: 'paid_twice', amount: 12496, currency: 'ron' }, 'en')!);
    expect(twice.subject).toBe('Order 10042 was paid twice');
    expect(twice.text).toMatch(/a second card payment of 124\.96\sRON for this order, which was already paid\. Refund one of the payments/);
    expect(renderParts(paymentAlertMail(shop, paid, { kind: 'paid_twice', amount: 12496, currency: 'ron' }, 'ro')!).subject).toBe('Comanda 10042 a fost plătită de două ori');
  });

  it('is not made when its alert is gone', () => {
    expect(paymentAlertMail(shop, paid, null, 'en')).toBeNull();
  });
});

describe('the refund mail', () => {
  const refund = { id: 'r1', amount: 7998, method: 'transfer', status: 'paid', dueDay: '2026-12-08', paidOn: '2026-11-30', creditNote: 'SST-0007' } as const;
  const refunded: OrderMailData = { ...order, status: 'delivered', withdrawals: [{ ...statement, iban: 'RO49AAAA1B31007593840000', refunds: [refund] }] };

  it('tells the customer how much went back, how and when, with the credit note (en and ro)', () => {
    const mail = renderParts(refundMail(shop, refunded, 'r1')!);
    expect(mail.subject).toBe('Your refund for order 10042');
    expect(mail.text).toContain('We refunded you 79.98 RON by bank transfer to RO49 AAAA 1B31 0075 9384 0000 on 30 November 2026.');
    expect(mail.text).toContain('Its credit note is SST-0007');
    const card = renderParts(refundMail(shop, { ...refunded, withdrawals: [{ ...statement, refunds: [{ ...refund, method: 'card' }] }] }, 'r1')!);
    expect(card.text).toContain('We refunded you 79.98 RON to the card you paid with on 30 November 2026.');
    const ro = renderParts(refundMail(shop, { ...refunded, locale: 'ro' }, 'r1')!);
    expect(ro.subject).toBe('Rambursarea pentru comanda 10042');
    expect(ro.text).toContain('Ți-am rambursat 79,98');
  });

  it('is not made for a refund not yet paid, nor another order’s', () => {
    expect(refundMail(shop, { ...refunded, withdrawals: [{ ...statement, refunds: [{ ...refund, status: 'sent', paidOn: null }] }] }, 'r1')).toBeNull();
    expect(refundMail(shop, refunded, 'r2')).toBeNull();
  });
});

describe('the return label mail', () => {
  const made = {
    id: 'ra1',
    courierName: 'Sameday',
    state: 'made' as const,
    reference: '10042-R1',
    awb: '1SDY0000000042',
    locker: null,
    labelPath: '/api/return-labels/ra1/pdf?key=k1',
    createdAt: '2026-11-25T09:00:00.000Z',
  };
  const returning = { ...order, status: 'delivered' as const, withdrawals: [{ ...statement, status: 'returning' as const, returnAwb: made }] };

  it('gives the courier, the AWB, how the parcel leaves, what to pack and the label’s link (en and ro)', () => {
    const mail = renderParts(returnLabelMail(shop, returning, 'w1')!);
    expect(mail.subject).toBe('Your return label for order 10042');
    expect(mail.text).toContain('Sameday will pick the parcel up at your address in the next working days, under AWB 1SDY0000000042');
    expect(mail.text).toContain('Pack the products you are sending back (1 × Dummy Lighter (Black))');
    expect(mail.html).toContain('href="https://shop.example.ro/api/return-labels/ra1/pdf?key=k1"');
    const easybox = renderParts(
      returnLabelMail(shop, { ...returning, withdrawals: [{ ...returning.withdrawals[0]!, returnAwb: { ...made, locker: 'easybox Mărăști, Str. Aurel Vlaicu 3' } }] }, 'w1')!,
    );
    expect(easybox.text).toContain('Leave the parcel in easybox Mărăști, Str. Aurel Vlaicu 3, under Sameday AWB 1SDY0000000042.');
    const ro = renderParts(returnLabelMail(shop, { ...returning, locale: 'ro' }, 'w1')!);
    expect(ro.subject).toBe('Eticheta de retur pentru comanda 10042');
    expect(ro.text).toContain('Sameday ridică coletul de la adresa ta');
  });

  it('is not made for a withdrawal without a return AWB made', () => {
    expect(returnLabelMail(shop, { ...returning, withdrawals: [{ ...statement, returnAwb: { ...made, state: 'creating', awb: null, labelPath: null } }] }, 'w1')).toBeNull();
    expect(returnLabelMail(shop, { ...returning, withdrawals: [statement] }, 'w1')).toBeNull();
  });
});

describe('discreet mails (issue 47)', () => {
  /** The preview line a mail program shows beside the subject (react-email's hidden Preview, first in the body). */
  const previewOf = (html: string) => /data-skip-in-text="true"[^>]*>([^<]*)/.exec(html)?.[1]?.trim() ?? '';
  const PRODUCTS = /Dummy|Lighter|Charger|Brichet|Încărcător/i;

  it('name the order in every subject and preview line, never a product, in both languages', () => {
    const made = { id: 'ra1', courierName: 'Sameday', state: 'made', reference: '10042-R1', awb: '1SDY0000000042', locker: null, labelPath: '/l', createdAt: '2026-11-25T09:00:00.000Z' } as const;
    const refund = { id: 'r1', amount: 7998, method: 'transfer', status: 'paid', dueDay: '2026-12-08', paidOn: '2026-11-30', creditNote: 'SST-0007' } as const;
    const withdrawn: OrderMailData = { ...order, status: 'delivered', withdrawals: [{ ...statement, status: 'returning', returnAwb: made, refunds: [refund] }] };
    const paid: OrderMailData = { ...order, status: 'paid', paymentMethod: 'card', paidAt: '2026-11-23T10:15:00.000Z' };
    let checked = 0;
    for (const locale of ['en', 'ro'] as const) {
      const mails = [
        orderPlacedMail(shop, { ...order, locale }),
        statusMail(shop, { ...order, locale, status: 'shipped', carrier: 'Sameday', trackingNumber: '1' }),
        statusMail(shop, { ...order, locale, status: 'delivered', withdrawalLastDay: '2026-12-07' }),
        statusMail(shop, { ...order, locale, status: 'cancelled', cancelReason: null }),
        withdrawalReceivedMail(shop, { ...withdrawn, locale }, 'w1'),
        refundMail(shop, { ...withdrawn, locale }, 'r1'),
        returnLabelMail(shop, { ...withdrawn, locale }, 'w1'),
        newOrderMail(shop, order, locale),
        withdrawalAlertMail(shop, withdrawn, locale, 'w1'),
        awbCancelledMail(shop, { ...order, status: 'confirmed' }, { awb: '1', courier: 'Sameday' }, locale),
        paymentAlertMail(shop, paid, { kind: 'paid_twice', amount: 12496, currency: 'ron' }, locale),
        paidAfterCancelMail(shop, { ...paid, status: 'cancelled' }, locale),
        passwordResetMail(shop, { url: 'https://shop.example.ro/reset', minutes: 60 }, locale),
        confirmReminderMail(shop, { ...order, locale }),
        payLinkMail(shop, { ...order, locale, status: 'awaiting_payment', paymentMethod: 'card', payUrl: 'https://shop.example.ro/pay' }, 3),
        orderUpdatedMail(shop, { ...order, locale }, 0),
      ];
      for (const parts of mails) {
        expect(parts).not.toBeNull();
        const mail = renderParts(parts!);
        expect(mail.subject).not.toMatch(PRODUCTS);
        expect(previewOf(mail.html)).not.toBe('');
        expect(previewOf(mail.html)).not.toMatch(PRODUCTS);
        checked++;
      }
    }
    expect(checked).toBe(32);
  });
});

describe('the cash order’s Confirm my order (issue 47)', () => {
  it('is a link in a cash order’s mail, never in a card order’s (en and ro)', () => {
    const cash = renderParts(orderPlacedMail(shop, order));
    expect(cash.text).toContain('Expecting it? Confirm it with one tap, and we prepare it without waiting for our call.');
    expect(cash.html).toContain(`href="${order.confirmUrl}"`);
    expect(cash.html).toContain('>Confirm my order</a>');
    expect(renderParts(orderPlacedMail(shop, { ...order, locale: 'ro' })).html).toContain('>Confirm comanda</a>');
    const card = renderParts(orderPlacedMail(shop, { ...order, paymentMethod: 'card', status: 'paid' }));
    expect(card.html).not.toContain(order.confirmUrl);
    // Where the cart takes cards, the second link: pay by card instead.
    expect(cash.text).not.toContain('Pay now by card instead');
    const payUrl = 'https://shop.example.ro/orders/5b0c3a52-8d0f-4a43-9e41-7d3f2a1b9c10/pay?key=p';
    const offered = renderParts(orderPlacedMail(shop, { ...order, payUrl }));
    expect(offered.text).toContain('Rather not have cash ready?');
    expect(offered.html).toContain(`href="${payUrl}"`);
    expect(offered.html).toContain('>Pay now by card instead</a>');
  });
});

describe('the reminder to confirm a cash order (issue 47)', () => {
  it('asks once more with Confirm my order, and says nothing of an order that left or is paid (en and ro)', () => {
    const mail = renderParts(confirmReminderMail(shop, order)!);
    expect(mail.subject).toBe('Order 10042: are you expecting it?');
    expect(mail.text).toContain('Hello Ștefan, we have not heard from you about order 10042 (124.96 RON, cash on delivery).');
    expect(mail.html).toContain(`href="${order.confirmUrl}"`);
    expect(renderParts(confirmReminderMail(shop, { ...order, locale: 'ro' })!).subject).toBe('Comanda 10042: o aștepți?');
    expect(confirmReminderMail(shop, { ...order, status: 'shipped' })).toBeNull();
    expect(confirmReminderMail(shop, { ...order, paymentMethod: 'card', status: 'paid' })).toBeNull();
  });
});

describe('the pay link of an order the owner placed (issue 47)', () => {
  const awaiting = { ...order, status: 'awaiting_payment' as const, paymentMethod: 'card' as const, payUrl: 'https://shop.example.ro/orders/5b0c3a52-8d0f-4a43-9e41-7d3f2a1b9c10/pay?key=p' };
  it('says what it comes to, links the payment and lists the order (en and ro); nothing once paid or cancelled', () => {
    const mail = renderParts(payLinkMail(shop, awaiting, 3)!);
    expect(mail.subject).toBe('Order 10042: pay by card');
    expect(mail.text).toContain('Hello Ștefan, here is order 10042 as we agreed: 124.96 RON with delivery.');
    expect(mail.text).toContain('We keep the products for you for 3 days.');
    expect(mail.html).toContain(`href="${awaiting.payUrl}"`);
    expect(mail.html).toContain('>Pay 124.96 RON by card</a>');
    expect(renderParts(payLinkMail(shop, { ...awaiting, locale: 'ro' }, 3)!).subject).toBe('Comanda 10042: plata cu cardul');
    expect(payLinkMail(shop, { ...awaiting, status: 'paid' }, 3)).toBeNull();
    expect(payLinkMail(shop, { ...awaiting, status: 'cancelled' }, 3)).toBeNull();
  });
});

describe('Your order was updated (issue 47)', () => {
  it('gives the new total: cash to have ready, or what goes back to the card (en and ro)', () => {
    const cash = renderParts(orderUpdatedMail(shop, order, 0));
    expect(cash.subject).toBe('Order 10042: your order was updated');
    expect(cash.text).toContain('Your order was updated');
    expect(cash.text).toContain('Hello Ștefan, we updated order 10042 as we agreed. It now comes to 124.96 RON, with delivery.');
    expect(cash.text).toContain('You pay 124.96 RON in cash to the courier.');
    expect(cash.text).not.toContain('refund');
    const card = renderParts(orderUpdatedMail(shop, { ...order, paymentMethod: 'card', status: 'paid' }, 3999));
    expect(card.text).toContain('We refund 39.99 RON to your card');
    expect(card.text).not.toContain('in cash');
    expect(renderParts(orderUpdatedMail(shop, { ...order, locale: 'ro' }, 0)).subject).toBe('Comanda 10042: comanda ta a fost actualizată');
  });
});
