import { type Shipping, shippingFrom } from '../server/modules/shipping/couriers';
import { type FakeFan, startFakeFan } from './fakeFan';
import { type FakeSameday, startFakeSameday } from './fakeSameday';

/** Sameday's and FAN Courier's stand-ins, and the shop's couriers set up with them (Sameday the default; no job runs by itself). */
export interface TestCouriers {
  sameday: FakeSameday;
  fan: FakeFan;
  shipping: Shipping;
  close(): Promise<void>;
}

export async function startTestCouriers(): Promise<TestCouriers> {
  const sameday = await startFakeSameday({ username: 'shop', password: 'secret' });
  const fan = await startFakeFan({ username: 'clienttest', password: 'testing', clientId: '7032158' });
  const shipping: Shipping = {
    ...shippingFrom({
      SAMEDAY_USERNAME: 'shop',
      SAMEDAY_PASSWORD: 'secret',
      SAMEDAY_ENV: 'demo',
      SAMEDAY_BASE_URL: sameday.url,
      FAN_USERNAME: 'clienttest',
      FAN_PASSWORD: 'testing',
      FAN_CLIENT_ID: '7032158',
      FAN_BASE_URL: fan.url,
      PARCEL_WEIGHT_GRAMS: 500,
      PARCEL_SIZE_CM: { length: 20, width: 15, height: 10 },
      CARGUS_CASH_ON_DELIVERY: 'collector',
      CARGUS_PICKUP: 'daily',
      CARGUS_PICKUP_HOURS: { from: '15:00', to: '18:00' },
      COURIER_TRACK_EVERY_MINUTES: 30,
      // Discreet, as the shop ships by default (issue 47).
      DISCREET_SHIPPING: true,
      SHIPPING_CONTENTS: 'Accesorii',
      // Where returns go: the settings' defaults (env.ts).
      COMPANY_NAME: 'EXEMPLU SRL',
      COMPANY_PHONE: '+40 700 000 000',
      COMPANY_EMAIL: 'contact@exemplu.ro',
      COMPANY_STREET: 'Strada Exemplului nr. 1',
      COMPANY_CITY: 'București, Sector 1',
      COMPANY_COUNTY: 'B',
      COMPANY_POSTAL_CODE: '010001',
    }),
    trackInBackground: false,
  };
  return { sameday, fan, shipping, close: async () => void (await Promise.all([sameday.close(), fan.close()])) };
}
