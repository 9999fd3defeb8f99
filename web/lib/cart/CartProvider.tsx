import { createContext, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import type { Product } from '../../../domain/catalog';
import { cartReducer, type CartState } from '../../../domain/cart';
import { useCatalog } from '../catalog';
import { CART_STORAGE_KEY, loadCart, saveCart } from './storage';

interface CartContextValue {
  cart: CartState;
  add(product: Product): void;
  decrease(productId: string): void;
  setQuantity(productId: string, quantity: number): void;
  remove(productId: string): void;
  clear(): void;
}

const CartContext = createContext<CartContextValue | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const [cart, dispatch] = useReducer(cartReducer, undefined, loadCart);
  const hasLines = cart.lines.length > 0;
  // A saved cart is checked against the live catalogue: current prices, removed products dropped.
  const catalog = useCatalog({ enabled: hasLines });

  useEffect(() => {
    if (hasLines && !catalog.isLoading && !catalog.isFallback) {
      dispatch({ type: 'revalidate', catalogue: catalog.products });
    }
  }, [catalog.products, catalog.isLoading, catalog.isFallback, hasLines]);

  useEffect(() => {
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
      add: (product) => dispatch({ type: 'add', product }),
      decrease: (productId) => dispatch({ type: 'decrease', productId }),
      setQuantity: (productId, quantity) => dispatch({ type: 'setQuantity', productId, quantity }),
      remove: (productId) => dispatch({ type: 'remove', productId }),
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
