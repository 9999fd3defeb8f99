import { useEffect, useSyncExternalStore } from 'react';

export interface SharedResourceOptions<T> {
  /** Asks the server. A throw keeps the resource unloaded, so the next reader asks again. */
  load(): Promise<T>;
  /** What readers see when `load` failed (the default: the value they had). */
  fallback?(error: unknown): T | Promise<T>;
  /** How long a loaded value is reused before a reader triggers a new load (default: for the page's life). */
  freshForMs?: number;
}

/**
 * One piece of server state for the whole page (the catalogue, the session, the payment options),
 * shared by every component that reads it: one request at a time, reused while fresh, and readers
 * re-render when it changes. This is the storefront's one client-side store; why it is not a query
 * library: docs/decisions/0002-no-query-library.md.
 */
export function createSharedResource<T>(initial: T, options: SharedResourceOptions<T>) {
  const freshForMs = options.freshForMs ?? Number.POSITIVE_INFINITY;
  let current = initial;
  let loadedAt: number | null = null;
  let inFlight: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  function set(next: T) {
    current = next;
    for (const listener of listeners) listener();
  }

  async function load() {
    try {
      const value = await options.load();
      loadedAt = Date.now();
      set(value);
    } catch (error) {
      loadedAt = null;
      if (options.fallback) set(await options.fallback(error));
    }
  }

  /** Loads unless a load is under way or the value is still fresh; `force` reloads anyway. */
  function refresh({ force = false } = {}): Promise<void> {
    if (inFlight) return inFlight;
    if (!force && loadedAt !== null && Date.now() - loadedAt < freshForMs) return Promise.resolve();
    inFlight = load().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  const get = () => current;

  /** A value that came with the page (rendered on the server): shown at once, fresh from now. */
  function prime(value: T) {
    loadedAt = Date.now();
    set(value);
  }

  /** The current value; when `enabled`, mounting a reader loads it if it is missing or stale. */
  function useResource({ enabled = true } = {}): T {
    useEffect(() => {
      if (enabled) void refresh();
    }, [enabled]);
    return useSyncExternalStore(subscribe, get, get);
  }

  return { get, set, prime, refresh, subscribe, use: useResource };
}
