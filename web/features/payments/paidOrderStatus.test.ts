import { describe, expect, it } from 'vitest';
import { paidOrderStatusLabel } from './paidOrderStatus';
import type { OrderStatus } from '../../../domain/orders';

const order = (status: OrderStatus) => ({ id: 'o1', number: 10001, status, createdAt: '2026-11-23T10:00:00.000Z' });

describe('paidOrderStatusLabel', () => {
  it("is the spec's default, Completed, while there is no order to show", () => {
    expect(paidOrderStatusLabel(null)).toBe('Completed');
  });

  it('says Paid for a paid order, and for one whose payment Stripe confirmed before our webhook did', () => {
    expect(paidOrderStatusLabel(order('paid'))).toBe('Paid');
    expect(paidOrderStatusLabel(order('awaiting_payment'))).toBe('Paid');
  });

  it('says where an order further along is', () => {
    expect(paidOrderStatusLabel(order('shipped'))).toBe('Shipped');
    expect(paidOrderStatusLabel(order('cancelled'))).toBe('Cancelled');
  });
});
