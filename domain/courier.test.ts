import { describe, expect, it } from 'vitest';
import { awbReference, cashOnDelivery, courierAddress, courierPhone, PARCEL_CONTENTS_MAX, parcelContents, parcelWeightGrams, returnReference, shopCourierAddress } from './courier';

describe('an order as couriers take it', () => {
  it('names the county and locality; Bucharest’s sector as “Sectorul N”, however the address wrote it', () => {
    expect(courierAddress({ county: 'CJ', city: 'Cluj-Napoca', street: 'Strada Memorandumului', streetNumber: '28', postalCode: '400114' })).toEqual({
      county: 'Cluj',
      locality: 'Cluj-Napoca',
      address: 'Strada Memorandumului 28',
      street: 'Strada Memorandumului',
      number: '28',
      line2: '',
      postalCode: '400114',
    });
    // A block address: its second line after the number, and apart.
    expect(
      courierAddress({ county: 'CJ', city: 'Cluj-Napoca', street: 'Strada Memorandumului', streetNumber: '28', addressLine2: 'bl. A3, sc. 2, et. 4, ap. 14', postalCode: '400114' }),
    ).toMatchObject({ address: 'Strada Memorandumului 28, bl. A3, sc. 2, et. 4, ap. 14', number: '28', line2: 'bl. A3, sc. 2, et. 4, ap. 14' });
    for (const [city, streetNumber] of [
      ['București, Sector 2', '12'],
      ['Bucuresti', '12, sect. 2'],
      ['SECTOR2', '12'],
    ]) {
      expect(courierAddress({ county: 'B', city: city!, street: 'Strada Icoanei', streetNumber: streetNumber!, postalCode: '020452' })).toMatchObject({ county: 'București', locality: 'Sectorul 2' });
    }
  });

  it('cannot place Bucharest without its sector, nor an order without a county', () => {
    expect(courierAddress({ county: 'B', city: 'București', street: 'Strada Icoanei', streetNumber: '12', postalCode: '020452' })).toBeNull();
    expect(courierAddress({ county: null, city: 'Cluj-Napoca', street: 'Strada Memorandumului', streetNumber: '28', postalCode: '400114' })).toBeNull();
  });

  it('strips diacritics for a courier that needs plain letters', () => {
    expect(courierAddress({ county: 'IS', city: 'Iași', street: 'Șoseaua Ștefan cel Mare', streetNumber: '3', postalCode: '700064' }, { plain: true })).toMatchObject({
      county: 'Iasi',
      locality: 'Iasi',
      address: 'Soseaua Stefan cel Mare 3',
    });
  });

  it('gives the phone as dialled from Romania', () => {
    expect(courierPhone('+40722123456')).toBe('0722123456');
    expect(courierPhone('+4930901820')).toBe('004930901820');
  });

  it('collects the total of a cash order, nothing for a card order', () => {
    expect(cashOnDelivery({ paymentMethod: 'cod', total: 12496 })).toBe(12496);
    expect(cashOnDelivery({ paymentMethod: 'card', total: 12496 })).toBe(0);
  });

  it('weighs the parcel as its products, the default for one without a weight', () => {
    expect(
      parcelWeightGrams(
        [
          { weightGrams: 120, quantity: 2 },
          { weightGrams: null, quantity: 1 },
        ],
        500,
      ),
    ).toBe(740);
    expect(parcelWeightGrams([], 500)).toBe(500);
  });

  it('refers to the order by its number, with a suffix for each AWB after the first', () => {
    expect(awbReference(10042, 0)).toBe('10042');
    expect(awbReference(10042, 1)).toBe('10042-2');
    expect(awbReference(10042, 2)).toBe('10042-3');
  });

  it('gives a return AWB a reference of its own, new for each try', () => {
    expect(returnReference(10042, 0)).toBe('10042-R1');
    expect(returnReference(10042, 1)).toBe('10042-R2');
  });

  it("takes the shop's street and number apart for the couriers, its Bucharest sector from the city", () => {
    expect(shopCourierAddress({ county: 'B', city: 'București, Sector 1', street: 'Strada Exemplului nr. 1', postalCode: '010001' })).toEqual({
      county: 'București',
      locality: 'Sectorul 1',
      address: 'Strada Exemplului 1',
      street: 'Strada Exemplului',
      number: '1',
      line2: '',
      postalCode: '010001',
    });
    expect(shopCourierAddress({ county: 'CJ', city: 'Cluj-Napoca', street: 'Str. Memorandumului, 28A', postalCode: '400114' })).toMatchObject({ street: 'Str. Memorandumului', number: '28A' });
    expect(shopCourierAddress({ county: 'CJ', city: 'Cluj-Napoca', street: 'Piața Unirii', postalCode: '400114' })).toMatchObject({ street: 'Piața Unirii', number: '' });
  });

  it('says what a parcel holds: the neutral words of discreet shipping, else its lines, cut to a label’s line (issue 47)', () => {
    const lines = [
      { name: 'Dummy Lighter', colour: 'Black', quantity: 2 },
      { name: 'Dummy Car Key', colour: null, quantity: 1 },
    ];
    expect(parcelContents('Accesorii', lines)).toBe('Accesorii');
    expect(parcelContents(null, lines)).toBe('2 × Dummy Lighter (Black), 1 × Dummy Car Key');
    const many = Array.from({ length: 9 }, (_, n) => ({ name: `Belt with Secret Compartment ${n}`, colour: null, quantity: 1 }));
    expect(parcelContents(null, many)).toHaveLength(PARCEL_CONTENTS_MAX);
    expect(parcelContents(null, many).endsWith('…')).toBe(true);
  });
});
