import { COURIER_NAMES, type CourierId } from '../../../domain/courier';
import type { Config } from '../../env';
import type { Courier } from '../../integrations/couriers/courier';
import { FAN_HOST, fanCourier } from '../../integrations/couriers/fan';
import { SAMEDAY_HOSTS, samedayCourier } from '../../integrations/couriers/sameday';

/** The couriers the shop is set up with (their adapters, shared by the process), the default first, and the default weight. */
export interface Shipping {
  couriers: Map<CourierId, Courier>;
  /** Create AWB offers this one first. */
  defaultCourier: CourierId | null;
  /** A product's weight when the back office gives none, in grams. */
  defaultWeightGrams: number;
  /** How often each active AWB is asked about (COURIER_TRACK_EVERY_MINUTES), in seconds. */
  trackEverySeconds: number;
  /** false: no process tracks by itself (tests run the rounds). */
  trackInBackground?: boolean;
}

type ShippingSettings = Pick<
  Config,
  | 'SAMEDAY_USERNAME'
  | 'SAMEDAY_PASSWORD'
  | 'SAMEDAY_ENV'
  | 'SAMEDAY_BASE_URL'
  | 'SAMEDAY_PICKUP_POINT'
  | 'SAMEDAY_SERVICE'
  | 'COURIER_DEFAULT'
  | 'PARCEL_WEIGHT_GRAMS'
  | 'COURIER_TRACK_EVERY_MINUTES'
  | 'FAN_USERNAME'
  | 'FAN_PASSWORD'
  | 'FAN_CLIENT_ID'
  | 'FAN_BASE_URL'
>;

/** The couriers as the settings set them up (none without an account: Create AWB is then not offered). */
export function shippingFrom(config: ShippingSettings): Shipping {
  const couriers = new Map<CourierId, Courier>();
  if (config.SAMEDAY_USERNAME && config.SAMEDAY_PASSWORD && config.SAMEDAY_ENV) {
    couriers.set(
      'sameday',
      samedayCourier({
        username: config.SAMEDAY_USERNAME,
        password: config.SAMEDAY_PASSWORD,
        baseUrl: config.SAMEDAY_BASE_URL ?? SAMEDAY_HOSTS[config.SAMEDAY_ENV],
        pickupPoint: config.SAMEDAY_PICKUP_POINT,
        service: config.SAMEDAY_SERVICE,
      }),
    );
  }
  if (config.FAN_USERNAME && config.FAN_PASSWORD && config.FAN_CLIENT_ID) {
    couriers.set(
      'fan',
      fanCourier({ username: config.FAN_USERNAME, password: config.FAN_PASSWORD, clientId: config.FAN_CLIENT_ID, baseUrl: config.FAN_BASE_URL ?? FAN_HOST }),
    );
  }
  return {
    couriers,
    defaultCourier: config.COURIER_DEFAULT ?? couriers.keys().next().value ?? null,
    defaultWeightGrams: config.PARCEL_WEIGHT_GRAMS,
    trackEverySeconds: Math.round(config.COURIER_TRACK_EVERY_MINUTES * 60),
  };
}

/** A courier's name as the owner reads it. */
export const courierName = (id: CourierId) => COURIER_NAMES[id];
