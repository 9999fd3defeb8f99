import { useEffect, useSyncExternalStore } from 'react';
import type { Product } from '../../../domain/catalog';
import { apiRequest } from '../../lib/api';

export interface Catalog {
  products: readonly Product[];
  isLoading: boolean;
  /** True when the live catalogue could not be loaded and the built-in list is shown instead. */
  isFallback: boolean;
}

const loading: Catalog = { products: [], isLoading: true, isFallback: false };

/** How long a loaded catalogue is reused before the next page that needs it asks again. */
const FRESH_FOR_MS = 60_000;

// One catalogue for the whole page, shared by every component that reads it (see
// docs/decisions/0002-no-query-library.md for why this is not a query library).
let current: Catalog = loading;
let loadedAt = 0;
let inFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: Catalog) {
  current = next;
  for (const listener of listeners) listener();
}

async function fetchProducts(): Promise<Product[]> {
  try {
    return (await apiRequest<{ products: Product[] }>('/products')).products;
  } catch {
    // One retry covers a blip (a deploy, a dropped connection) before falling back.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return (await apiRequest<{ products: Product[] }>('/products')).products;
  }
}

async function load() {
  try {
    const products = await fetchProducts();
    loadedAt = Date.now();
    publish({ products, isLoading: false, isFallback: false });
  } catch {
    // The built-in list is downloaded only when it is needed.
    const { BUILT_IN_PRODUCTS } = await import('../../../domain/builtInProducts');
    publish({ products: BUILT_IN_PRODUCTS, isLoading: false, isFallback: true });
  }
}

function refresh() {
  if (inFlight || (loadedAt && Date.now() - loadedAt < FRESH_FOR_MS)) return;
  inFlight = load().finally(() => {
    inFlight = null;
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCatalog(options: { enabled?: boolean } = {}): Catalog {
  const enabled = options.enabled ?? true;
  useEffect(() => {
    if (enabled) refresh();
  }, [enabled]);
  return useSyncExternalStore(subscribe, () => current);
}
