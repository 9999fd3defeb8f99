import { useId } from 'react';
import type { Product } from '../../../domain/catalog';
import { Dialog } from '../../components/ui/Dialog';
import { useI18n } from '../../lib/i18n';
import { ProductDetails } from './ProductDetails';

export function ProductModal({ product, onClose }: { product: Product; onClose(): void }) {
  const titleId = useId();
  const { t } = useI18n();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="max-w-3xl">
      <div className="relative p-4 sm:p-6">
        <button
          type="button"
          onClick={onClose}
          aria-label={t('product.close')}
          className="absolute top-2 right-2 z-10 flex h-11 w-11 items-center justify-center rounded-full text-2xl text-zinc-700 hover:bg-zinc-100 focus-visible:outline-3 focus-visible:outline-brand"
        >
          <span aria-hidden="true">×</span>
        </button>
        <ProductDetails product={product} titleId={titleId} Heading="h2" />
      </div>
    </Dialog>
  );
}
