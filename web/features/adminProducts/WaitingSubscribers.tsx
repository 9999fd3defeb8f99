import { useEffect, useState } from 'react';
import { waitingSubscribersSchema } from '../../../domain/contracts/reminders';
import { apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';

/**
 * How many confirmed "Notify me" subscribers wait for the product's sold-out colours (decision 0045), asked again after
 * each save (`version`); nothing shown while none waits.
 */
export function WaitingSubscribers({ productId, version }: { productId: string; version: unknown }) {
  const { t } = useI18n();
  const [waiting, setWaiting] = useState<Record<string, number>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again after each save (a restock mails them)
  useEffect(() => {
    apiRequest(`/admin/products/${encodeURIComponent(productId)}/waiting`, waitingSubscribersSchema)
      .then((answer) => setWaiting(answer.waiting))
      .catch(() => setWaiting({}));
  }, [productId, version]);
  const entries = Object.entries(waiting);
  if (entries.length === 0) return null;
  const list = entries.map(([colour, count]) => (colour ? `${colour}: ${count}` : String(count))).join(', ');
  return <p className="mt-2 text-sm text-zinc-700">{t('admin.product.waiting', { list })}</p>;
}
