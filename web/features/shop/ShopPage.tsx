import { useState } from 'react';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ProductCard } from './ProductCard';
import { ProductModal } from './ProductModal';
import { useCatalog } from '../../lib/catalog';

export default function ShopPage() {
  useDocumentTitle('Shop');
  const { products, isLoading, isFallback } = useCatalog();
  const [openId, setOpenId] = useState<string | null>(null);
  const openProduct = products.find((product) => product.id === openId);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Our Collection</h1>
      <p className="mt-2 text-zinc-600">Everyday objects with a hidden compartment. Pay cash on delivery.</p>
      {isFallback && (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          We couldn’t load the latest catalogue, so you’re seeing our standard range. Prices are confirmed at checkout.
        </p>
      )}
      {isLoading ? (
        <p role="status" className="mt-8 text-zinc-600">
          Loading products…
        </p>
      ) : (
        <div className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <ProductCard key={product.id} product={product} onOpen={() => setOpenId(product.id)} />
          ))}
        </div>
      )}
      {openProduct && <ProductModal product={openProduct} onClose={() => setOpenId(null)} />}
    </div>
  );
}
