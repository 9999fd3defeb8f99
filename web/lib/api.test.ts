import { afterEach, describe, expect, it, vi } from 'vitest';
import { placedOrderSchema } from '../../domain/contracts/orders';
import { ApiError, apiRequest, UNREADABLE_ANSWER } from './api';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('returns an answer that fits its contract', async () => {
    answer(201, { id: 'a1', number: 10001, checkoutUrl: null });
    await expect(apiRequest('/orders', placedOrderSchema, { method: 'POST', body: '{}' })).resolves.toEqual({ id: 'a1', number: 10001, checkoutUrl: null });
  });

  it('refuses an answer that does not fit its contract, with a message fit to show', async () => {
    answer(201, { orderId: 'a1' });
    const error = await apiRequest('/orders', placedOrderSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(UNREADABLE_ANSWER);
    expect((error as ApiError).code).toBe('unreadable_answer');
  });

  it("throws the server's message and code for a non-2xx answer", async () => {
    answer(409, { error: 'conflict', message: 'This key was used for another order.', code: 'idempotency_conflict' });
    const error = (await apiRequest('/orders', placedOrderSchema).catch((caught: unknown) => caught)) as ApiError;
    expect([error.status, error.message, error.code]).toEqual([409, 'This key was used for another order.', 'idempotency_conflict']);
  });

  it('names the status when an error answer carries no message', async () => {
    answer(502, '<html>Bad gateway</html>');
    const error = (await apiRequest('/health', null).catch((caught: unknown) => caught)) as ApiError;
    expect([error.status, error.message, error.code]).toEqual([502, 'Request failed with status 502', undefined]);
  });

  it('sends JSON with the right headers to /api', async () => {
    answer(200, { id: 'a1', number: 10001 });
    await apiRequest('/orders', placedOrderSchema, { method: 'POST', body: '{"a":1}' });
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/api/orders');
    expect(init?.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
  });
});
