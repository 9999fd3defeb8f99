import { createContext, type ReactNode, useContext, useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { type CartState, cartReducer, emptyCart } from '../../../domain/cart';
import type { Product } from '../../../domain/catalog';
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
  // While hydrating, the empty cart shown is the server's, not the visitor's, until the saved one is read. A ref,
  // not state: setting state here would make React render again and run every effect of the page within the
  // hydration's own task (one long task where there could be two).
  const awaitingSaved = useRef(hydrating);
  useLayoutEffect(() => {
    if (!awaitingSaved.current) return;
    const saved = loadCart();
    // No saved cart (a first visit): the empty cart shown is the visitor's, and nothing is rendered again.
    if (saved.lines.length > 0) dispatch({ type: 'replace', state: saved });
    else awaitingSaved.current = false;
  }, []);
  const hasLines = cart.lines.length > 0;
  // A saved cart is checked against the live catalogue: current prices, removed products dropped.
  const catalog = useCatalog({ enabled: hasLines });

  useEffect(() => {
    if (hasLines && !catalog.isLoading && !catalog.isFallback) {
      dispatch({ type: 'revalidate', catalogue: catalog.products });
    }
  }, [catalog.products, catalog.isLoading, catalog.isFallback, hasLines]);

  useEffect(() => {
    // Not the server's empty cart while the saved one is on its way: saving it would throw the saved one away.
    if (awaitingSaved.current) {
      if (cart === emptyCart) return;
      awaitingSaved.current = false;
    }
    saveCart(cart);
  }, [cart]);

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
      // Saved at once, not by the effect after the next render: a card order clears the cart and leaves for
      // Stripe's page in the same task, and the page could be gone before the effect ran (the cart came back).
      clear: () => {
        saveCart(emptyCart);
        dispatch({ type: 'clear' });
      },
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
