import type { Product, ProductList } from '../../domain/contracts/catalog';
import { fetchApi } from './http';
import { browserLocale } from './i18n';
import { createSharedResource } from './sharedResource';

export interface Catalog {
  products: readonly Product[];
  isLoading: boolean;
  /** True when the live catalogue could not be loaded and the built-in list is shown instead. */
  isFallback: boolean;
}

async function fetchProducts(): Promise<Product[]> {
  try {
    return (await fetchApi<ProductList>('/products')).products;
  } catch {
    // One retry covers a blip (a deploy, a dropped connection) before falling back.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return (await fetchApi<ProductList>('/products')).products;
  }
}

const catalog = createSharedResource<Catalog>(
  { products: [], isLoading: true, isFallback: false },
  {
    load: async () => ({ products: await fetchProducts(), isLoading: false, isFallback: false }),
    // The built-in list is downloaded only when it is needed.
    fallback: async () => {
      const { builtInProductsIn } = await import('../../domain/builtInProducts');
      return { products: builtInProductsIn(browserLocale()), isLoading: false, isFallback: true };
    },
    // A loaded catalogue is reused for a minute before the next page that needs it asks again.
    freshForMs: 60_000,
  },
);

/** The live catalogue, one request per page shared by every reader (`enabled: false` only reads). */
export const useCatalog = (options?: { enabled?: boolean }): Catalog => catalog.use(options);

/** The id of the element holding the catalogue a server-rendered page was rendered with. */
export const CATALOGUE_DATA_ID = 'catalogue-data';

/** The catalogue a page was rendered with (web/entry-server.tsx embeds it, web/main.tsx hands it over before hydrating). */
export const primeCatalog = (products: readonly Product[]): void => catalog.prime({ products, isLoading: false, isFallback: false });
