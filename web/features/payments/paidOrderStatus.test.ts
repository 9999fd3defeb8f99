import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../domain/orders';
import { messages as en } from '../../../locales/shop/en';
import { messages as ro } from '../../../locales/shop/ro';
import { createI18n } from '../../lib/i18n';
import { paidOrderStatusLabel } from './paidOrderStatus';

const order = (status: OrderStatus) => ({ id: 'o1', number: 10001, status, createdAt: '2026-11-23T10:00:00.000Z' });
const english = createI18n('en', en);
const label = (status: OrderStatus | null) => english._(paidOrderStatusLabel(status ? order(status) : null));

describe('paidOrderStatusLabel', () => {
  it("is the spec's default, Completed, while there is no order to show", () => {
    expect(label(null)).toBe('Completed');
  });

  it('says Paid for a paid order, and for one whose payment Stripe confirmed before our webhook did', () => {
    expect(label('paid')).toBe('Paid');
    expect(label('awaiting_payment')).toBe('Paid');
  });

  it('says where an order further along is', () => {
    expect(label('shipped')).toBe('Shipped');
    expect(label('cancelled')).toBe('Cancelled');
  });

  it('reads in Romanian on a Romanian page', () => {
    const romanian = createI18n('ro', ro);
    expect(romanian._(paidOrderStatusLabel(null))).toBe('Finalizată');
    expect(romanian._(paidOrderStatusLabel(order('awaiting_payment')))).toBe('Plătită');
  });
});
