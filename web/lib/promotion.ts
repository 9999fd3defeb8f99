import { biggestDiscountPercent } from '../../domain/pricing';
import { useCatalog } from './catalog';
import { useI18n } from './i18n';

/**
 * "Flash sale: up to N% off" (spec 9) with N the biggest real discount of the live catalogue (the one the
 * page was rendered with, on server-rendered pages), or null while there is none to announce.
 */
export function useFlashSaleText(): string | null {
  const { t } = useI18n();
  const percent = biggestDiscountPercent(useCatalog().products);
  return percent > 0 ? t('promotion.flashSale', { percent }) : null;
}
