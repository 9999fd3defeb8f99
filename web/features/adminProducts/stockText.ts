import type { Translate } from '../../lib/i18n';

/** Stock as the back office shows it: a count, "Sold out" at 0, or "Not counted". */
export function stockText(t: Translate, stock: number | null): string {
  if (stock === null) return t('admin.stock.notCounted');
  return stock === 0 ? t('admin.stock.soldOut') : String(stock);
}
