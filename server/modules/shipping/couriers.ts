import { COURIER_NAMES, type CourierId, courierPhone, type ParcelDimensions, shopCourierAddress } from '../../../domain/courier';
import { phoneInE164 } from '../../../domain/phone';
import { type Config, discreetSenderName } from '../../env';
import { CARGUS_HOST, cargusCourier } from '../../integrations/couriers/cargus';
import type { Courier, ReturnShipment } from '../../integrations/couriers/courier';
import { FAN_HOST, fanCourier } from '../../integrations/couriers/fan';
import { SAMEDAY_HOSTS, samedayCourier } from '../../integrations/couriers/sameday';

/** The couriers the shop is set up with (their adapters, shared by the process), the default first, and the default weight. */
export interface Shipping {
  couriers: Map<CourierId, Courier>;
  /** Create AWB offers this one first. */
  defaultCourier: CourierId | null;
  /** A product's weight when the back office gives none, in grams. */
  defaultWeightGrams: number;
  /** A product's packed size when the back office gives none, in centimetres. */
  defaultSizeCm: ParcelDimensions;
  /** How often each active AWB is asked about (COURIER_TRACK_EVERY_MINUTES), in seconds. */
  trackEverySeconds: number;
  /** false: no process tracks by itself (tests run the rounds). */
  trackInBackground?: boolean;
  /** Where return AWBs go: the company, at its address (COMPANY_*); none, no return AWB is offered. */
  returnTo?: ReturnShipment['recipient'];
  /** With discreet shipping (DISCREET_SHIPPING), what every AWB says is inside (SHIPPING_CONTENTS); null: the products. */
  neutralContents?: string | null;
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
  | 'PARCEL_SIZE_CM'
  | 'COURIER_TRACK_EVERY_MINUTES'
  | 'FAN_USERNAME'
  | 'FAN_PASSWORD'
  | 'FAN_CLIENT_ID'
  | 'FAN_BASE_URL'
  | 'CARGUS_SUBSCRIPTION_KEY'
  | 'CARGUS_USERNAME'
  | 'CARGUS_PASSWORD'
  | 'CARGUS_BASE_URL'
  | 'CARGUS_PICKUP_LOCATION'
  | 'CARGUS_SERVICE'
  | 'CARGUS_CASH_ON_DELIVERY'
  | 'CARGUS_PICKUP'
  | 'CARGUS_PICKUP_HOURS'
  | 'DISCREET_SHIPPING'
  | 'SHIPPING_CONTENTS'
> &
  Partial<Pick<Config, 'SHIPPING_SENDER_NAME' | 'COMPANY_NAME' | 'COMPANY_PHONE' | 'COMPANY_EMAIL' | 'COMPANY_STREET' | 'COMPANY_CITY' | 'COMPANY_COUNTY' | 'COMPANY_POSTAL_CODE'>>;

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
    couriers.set('fan', fanCourier({ username: config.FAN_USERNAME, password: config.FAN_PASSWORD, clientId: config.FAN_CLIENT_ID, baseUrl: config.FAN_BASE_URL ?? FAN_HOST }));
  }
  if (config.CARGUS_SUBSCRIPTION_KEY && config.CARGUS_USERNAME && config.CARGUS_PASSWORD) {
    couriers.set(
      'cargus',
      cargusCourier({
        subscriptionKey: config.CARGUS_SUBSCRIPTION_KEY,
        username: config.CARGUS_USERNAME,
        password: config.CARGUS_PASSWORD,
        baseUrl: config.CARGUS_BASE_URL ?? CARGUS_HOST,
        pickupLocation: config.CARGUS_PICKUP_LOCATION,
        service: config.CARGUS_SERVICE,
        cashOnDelivery: config.CARGUS_CASH_ON_DELIVERY,
        pickup: { mode: config.CARGUS_PICKUP, hours: config.CARGUS_PICKUP_HOURS },
      }),
    );
  }
  return {
    couriers,
    defaultCourier: config.COURIER_DEFAULT ?? couriers.keys().next().value ?? null,
    defaultWeightGrams: config.PARCEL_WEIGHT_GRAMS,
    defaultSizeCm: config.PARCEL_SIZE_CM,
    trackEverySeconds: Math.round(config.COURIER_TRACK_EVERY_MINUTES * 60),
    returnTo: returnRecipient(config),
    neutralContents: config.DISCREET_SHIPPING ? config.SHIPPING_CONTENTS : null,
  };
}

/**
 * The company as a return AWB's recipient, from its settings (those env.ts checks); undefined without them. Named as the
 * mails' neutral sender with discreet shipping (SHIPPING_SENDER_NAME, else COMPANY_NAME): the customer prints it.
 */
function returnRecipient(config: ShippingSettings): ReturnShipment['recipient'] | undefined {
  const name = discreetSenderName(config) ?? config.COMPANY_NAME;
  const { COMPANY_PHONE: phone, COMPANY_EMAIL: email, COMPANY_STREET: street, COMPANY_CITY: city, COMPANY_COUNTY: county, COMPANY_POSTAL_CODE: postalCode } = config;
  if (!name || !phone || !email || !street || !city || !county || !postalCode) return undefined;
  const address = shopCourierAddress({ county, city, street, postalCode });
  return address ? { name, phone: courierPhone(phoneInE164(phone) ?? phone), email, address } : undefined;
}

/** A courier's name as the owner reads it. */
export const courierName = (id: CourierId) => COURIER_NAMES[id];

/** A shop with no courier set up: orders are shipped by hand. */
export const NO_COURIERS: Shipping = { couriers: new Map(), defaultCourier: null, defaultWeightGrams: 500, defaultSizeCm: { length: 20, width: 15, height: 10 }, trackEverySeconds: 1800 };
