import { courierAddress, shopCourierAddress } from '../domain/courier';
import type { ReturnShipment } from '../server/integrations/couriers/courier';

/**
 * A withdrawal's goods going back (issue 45), as the shop asks a courier for them: from a customer in Iași (written
 * with diacritics), to the shop in Bucharest's sector 1, one parcel of 1.5 kg worth 124.96 lei.
 */
export const returnParcel = (overrides: Partial<ReturnShipment> = {}): ReturnShipment => ({
  reference: '10042-R1',
  sender: {
    name: 'Ștefan Popescu',
    phone: '0722123456',
    email: 'stefan@example.ro',
    address: courierAddress({ county: 'IS', city: 'Iași', street: 'Șoseaua Ștefan cel Mare', streetNumber: '3', postalCode: '700064' })!,
  },
  recipient: {
    name: 'EXEMPLU SRL',
    phone: '0700000000',
    email: 'contact@exemplu.ro',
    address: shopCourierAddress({ county: 'B', city: 'București, Sector 1', street: 'Strada Exemplului nr. 1', postalCode: '010001' })!,
  },
  parcels: 1,
  weightGrams: 1500,
  dimensionsCm: { length: 20, width: 15, height: 10 },
  declaredValue: 12496,
  note: 'Retur',
  ...overrides,
});
