import { biggestDiscountPercent } from '../../domain/pricing';
import { useCatalog } from './catalog';

/** The promotion's words (spec 9: "Flash sale: up to 30% off", with the figure the catalogue really has). */
const TEXT = {
  en: { flashSale: (percent: number) => `Flash sale: up to ${percent}% off` },
  ro: { flashSale: (percent: number) => `Reduceri fulger: până la ${percent}% reducere` },
};

/**
 * "Flash sale: up to N% off" with N the biggest real discount of the live catalogue (the one the
 * page was rendered with, on server-rendered pages), or null while there is none to announce.
 */
export function useFlashSaleText(): string | null {
  const percent = biggestDiscountPercent(useCatalog().products);
  return percent > 0 ? TEXT.en.flashSale(percent) : null;
}
