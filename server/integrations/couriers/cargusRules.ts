import { addWorkingDays } from '../../../domain/calendar';
import { bucharestDay } from '../../../domain/locale';
import { toDecimalString } from '../../../domain/money';
import { withoutDiacritics } from '../../../domain/text';
import { CourierError } from './courier';

/** Cargus's rules as the adapter (cargus.ts) follows them: its services, weights, amounts, names and pickup windows. */

/**
 * Services (the documentation's annex, §15): one piece per shipment with 34 Economic Standard (up to 31 kg) and 35
 * Standard Plus (up to 50 kg); several (at most 15, §14) with 39 Economic Standard M (each piece up to 31 kg) and 40
 * Economic Std. M Plus (up to 50 kg); 38 Ship & Go to a PUDO point.
 */
export const ECONOMIC_STANDARD = 34;
const STANDARD_PLUS = 35;
const MULTIPIECE = 39;
const MULTIPIECE_PLUS = 40;
export const SHIP_AND_GO = 38;
const MAX_PIECES = 15;

/**
 * The service for a shipment to an address: the settings' (34 by default) for one piece up to 31 kg, 35 up to 50 kg;
 * 39 or 40 for several pieces, by the heaviest. Refused before Cargus is asked when no service carries it.
 */
export function cargusService(weightsKg: number[], oneParcel = ECONOMIC_STANDARD): number {
  const heaviest = Math.max(...weightsKg);
  if (weightsKg.length > MAX_PIECES) {
    throw new CourierError('refused', `Cargus takes at most ${MAX_PIECES} parcels in one shipment.`, [{ field: 'parcels', message: `At most ${MAX_PIECES} parcels.` }]);
  }
  if (heaviest > 50) throw new CourierError('refused', 'Cargus takes parcels of up to 50 kg here (heavier ones go on a pallet).', [{ field: 'weight', message: 'At most 50 kg a parcel.' }]);
  if (weightsKg.length === 1) return heaviest <= 31 ? oneParcel : STANDARD_PLUS;
  return heaviest <= 31 ? MULTIPIECE : MULTIPIECE_PLUS;
}

/** Lei as Cargus takes amounts (a number). */
export const lei = (bani: number) => Number(toDecimalString(bani));

/**
 * The parcels' weights in whole kilograms, at least 1 each: the shipment's, rounded up, shared among them as evenly as
 * whole kilograms go. Cargus wants one ParcelCodes entry per piece, TotalWeight their sum (the WooCommerce module's loop).
 */
export function parcelWeights(grams: number, parcels: number): number[] {
  const count = Math.max(1, parcels);
  const total = Math.max(count, Math.ceil(grams / 1000));
  return Array.from({ length: count }, (_, index) => Math.floor(total / count) + (index < total % count ? 1 : 0));
}

/** Names as Cargus takes them: without diacritics. */
export const plain = (text: string) => withoutDiacritics(text).trim();

/**
 * When the courier may come for a return: the next working day, 09:00 to 18:00 in Bucharest, written as the
 * documentation's AwbPickup example writes times (Bucharest's wall clock to the minute, "2017-10-25T14:11").
 */
export function returnPickupWindow(now: Date): { PickupStartDate: string; PickupEndDate: string } {
  const day = addWorkingDays(bucharestDay(now), 1);
  return { PickupStartDate: `${day}T09:00`, PickupEndDate: `${day}T18:00` };
}
