import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import type { Product } from '../../../domain/catalog';
import { cartReducer, emptyCart, type CartState } from '../../../domain/cart';
import { useCatalog } from '../catalog';
import { CART_STORAGE_KEY, loadCart, saveCart } from './storage';

interface CartContextValue {
  cart: CartState;
  /** `colour`: the colour chosen, for a product with colours (two colours are two lines). */
  add(product: Product, colour: string | null): void;
  decrease(productId: string, colour: string | null): void;
  setQuantity(productId: string, colour: string | null, quantity: number): void;
  remove(productId: string, colour: string | null): void;
  clear(): void;
}

const CartContext = createContext<CartContextValue | null>(null);

/**
 * `hydrating`: the page is rendered on the server (which has no saved cart) or hydrated from that
 * HTML. The first render then has an empty cart, as the server's did; the saved one is read just
 * after it, before the browser paints.
 */
export function CartProvider({ children, hydrating = false }: { children: ReactNode; hydrating?: boolean }) {
  const [cart, dispatch] = useReducer(cartReducer, undefined, () => (hydrating ? emptyCart : loadCart()));
  const [loaded, setLoaded] = useState(!hydrating);
  useLayoutEffect(() => {
    if (loaded) return;
    // No saved cart (a first visit): nothing to show again, so the cart's readers are not rendered again.
    const saved = loadCart();
    if (saved.lines.length > 0) dispatch({ type: 'replace', state: saved });
    setLoaded(true);
  }, [loaded]);
  const hasLines = cart.lines.length > 0;
  // A saved cart is checked against the live catalogue: current prices, removed products dropped.
  const catalog = useCatalog({ enabled: hasLines });

  useEffect(() => {
    if (hasLines && !catalog.isLoading && !catalog.isFallback) {
      dispatch({ type: 'revalidate', catalogue: catalog.products });
    }
  }, [catalog.products, catalog.isLoading, catalog.isFallback, hasLines]);

  useEffect(() => {
    // Not before the saved cart is read: saving the empty first render would throw it away.
    if (loaded) saveCart(cart);
  }, [cart, loaded]);

  // Another tab of the shop changed the cart: show the same cart here.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY) dispatch({ type: 'replace', state: loadCart() });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<CartContextValue>(
    () => ({
      cart,
      add: (product, colour) => dispatch({ type: 'add', product, colour }),
      decrease: (productId, colour) => dispatch({ type: 'decrease', productId, colour }),
      setQuantity: (productId, colour, quantity) => dispatch({ type: 'setQuantity', productId, colour, quantity }),
      remove: (productId, colour) => dispatch({ type: 'remove', productId, colour }),
      clear: () => dispatch({ type: 'clear' }),
    }),
    [cart],
  );
  return <CartContext value={value}>{children}</CartContext>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside <CartProvider>');
  return value;
}
