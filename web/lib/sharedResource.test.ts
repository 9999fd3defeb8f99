import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSharedResource } from './sharedResource';

afterEach(() => {
  vi.useRealTimers();
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createSharedResource', () => {
  it('shares one request between readers that ask at the same time, and tells subscribers', async () => {
    const answer = deferred<number>();
    const load = vi.fn(() => answer.promise);
    const resource = createSharedResource(0, { load });
    const seen: number[] = [];
    resource.subscribe(() => seen.push(resource.get()));

    const first = resource.refresh();
    const second = resource.refresh();
    answer.resolve(42);
    await Promise.all([first, second]);

    expect(load).toHaveBeenCalledTimes(1);
    expect(resource.get()).toBe(42);
    expect(seen).toEqual([42]);
  });

  it('reuses a loaded value while it is fresh and asks again once it is stale', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const resource = createSharedResource(0, { load: async () => ++calls, freshForMs: 60_000 });

    await resource.refresh();
    vi.advanceTimersByTime(59_999);
    await resource.refresh();
    expect(resource.get()).toBe(1);

    vi.advanceTimersByTime(1);
    await resource.refresh();
    expect(resource.get()).toBe(2);
  });

  it('loads once for the page by default, unless forced', async () => {
    let calls = 0;
    const resource = createSharedResource(0, { load: async () => ++calls });
    await resource.refresh();
    await resource.refresh();
    expect(resource.get()).toBe(1);
    await resource.refresh({ force: true });
    expect(resource.get()).toBe(2);
  });

  it('shows the fallback after a failed load and asks again on the next read', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('live');
    const resource = createSharedResource('loading', { load, fallback: () => 'built-in' });

    await resource.refresh();
    expect(resource.get()).toBe('built-in');

    await resource.refresh();
    expect(resource.get()).toBe('live');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the value it had when a load without fallback fails', async () => {
    const resource = createSharedResource('none', { load: () => Promise.reject(new Error('offline')) });
    await resource.refresh();
    expect(resource.get()).toBe('none');
  });

  it('stops telling a subscriber that unsubscribed', () => {
    const resource = createSharedResource(0, { load: async () => 1 });
    const listener = vi.fn();
    const unsubscribe = resource.subscribe(listener);
    resource.set(1);
    unsubscribe();
    resource.set(2);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('takes a value that came with the page as fresh: no request until it goes stale', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => 2);
    const resource = createSharedResource(0, { load, freshForMs: 60_000 });
    resource.prime(1);
    expect(resource.get()).toBe(1);
    await resource.refresh();
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_001);
    await resource.refresh();
    expect(load).toHaveBeenCalledTimes(1);
    expect(resource.get()).toBe(2);
  });
});
