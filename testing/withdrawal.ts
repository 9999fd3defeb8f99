import type { FastifyInstance } from 'fastify';

/**
 * A customer's withdrawal from every unit still theirs to withdraw from, through the withdrawal function's two steps
 * (the order found by number and email, then Confirm withdrawal): the statement's answer, as the API gave it.
 */
export async function withdrawEverything(app: FastifyInstance, order: { number: number; email: string }, extra: { iban?: string; reason?: string } = {}) {
  const found = await app.inject({ method: 'POST', url: '/api/orders/withdrawal/order', payload: { orderNumber: order.number, email: order.email } });
  if (found.statusCode !== 200) return found;
  const lines = (found.json() as { lines: { id: number; left: number }[] }).lines.filter((line) => line.left > 0).map((line) => ({ lineId: line.id, quantity: line.left }));
  return app.inject({ method: 'POST', url: '/api/orders/withdrawal', payload: { orderNumber: order.number, email: order.email, lines, ...extra } });
}
