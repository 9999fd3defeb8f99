import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type RestoredCart, restoredCartSchema } from '../../../domain/contracts/reminders';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useCart } from '../../lib/cart/CartProvider';
import { useCatalog } from '../../lib/catalog';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * A cart reminder's link (/cart/restore?r=…&key=…, decision 0045): puts the reminder's lines back into the cart from
 * today's catalogue (today's prices, what today's stock allows) and says which were left out, sold out since. It changes
 * nothing on the server: a mail scanner opening it only fills a cart nobody sees.
 */
export default function RestoreCartPage() {
  const { t, money } = useI18n();
  useDocumentTitle(t('cartRestore.title'));
  const [search] = useSearchParams();
  const [id, key] = [search.get('r') ?? '', search.get('key') ?? ''];
  const catalog = useCatalog();
  const { add, setQuantity } = useCart();
  const [restored, setRestored] = useState<RestoredCart | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const filled = useRef(false);

  useEffect(() => {
    apiRequest(`/cart-reminders/${encodeURIComponent(id)}?key=${encodeURIComponent(key)}`, restoredCartSchema)
      .then(setRestored)
      .catch((error: unknown) => setProblem(error instanceof ApiError && error.status !== 500 ? error.message : t('message.shopUnavailable')));
  }, [id, key, t]);

  useEffect(() => {
    if (!restored || catalog.isLoading || filled.current) return;
    filled.current = true;
    for (const line of restored.lines) {
      const product = catalog.products.find((candidate) => candidate.id === line.productId);
      if (!product) continue;
      add(product, line.colour);
      setQuantity(line.productId, line.colour, line.quantity);
    }
  }, [restored, catalog, add, setQuantity]);

  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('cartRestore.title')}</h1>
      {!restored && !problem && (
        <p role="status" className="mt-6 text-zinc-600">
          {t('cartRestore.restoring')}
        </p>
      )}
      {problem && (
        <p role="alert" className="mt-6">
          {problem}
        </p>
      )}
      {restored && (
        <div className="mt-6 flex flex-col gap-4">
          <p role="status">{restored.lines.length > 0 ? t('cartRestore.done') : t('cartRestore.nothingLeft')}</p>
          {restored.lines.length > 0 && (
            <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200">
              {restored.lines.map((line) => (
                <li key={`${line.productId}:${line.colour ?? ''}`} className="flex justify-between gap-3 px-3 py-2">
                  <span>
                    {line.name} × {line.quantity}
                  </span>
                  <span className="font-semibold">{money(line.price * line.quantity)}</span>
                </li>
              ))}
            </ul>
          )}
          {[...new Set(restored.dropped.map((line) => (line.name ? t('cartRestore.dropped', { name: line.name }) : t('cartRestore.droppedGone'))))].map((notice) => (
            <p key={notice} className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
              {notice}
            </p>
          ))}
        </div>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        {restored && restored.lines.length > 0 && (
          <Link to="/checkout" className={primaryButton}>
            {t('cartRestore.checkout')}
          </Link>
        )}
        <Link to="/shop" className={secondaryButton}>
          {t('cartRestore.shop')}
        </Link>
      </div>
    </div>
  );
}
