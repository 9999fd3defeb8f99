import { describe, expect, it } from 'vitest';
import { blockParts, splitStreetAddress, streetLine } from './address';

describe('splitStreetAddress', () => {
  it('takes the number from the end of the first line, however it is written', () => {
    expect(splitStreetAddress('Strada Lungă 10')).toEqual({ street: 'Strada Lungă', streetNumber: '10', addressLine2: null });
    expect(splitStreetAddress('Str. Lungă nr. 10A')).toEqual({ street: 'Str. Lungă', streetNumber: '10A', addressLine2: null });
    expect(splitStreetAddress('Bd. Eroilor, nr 5-7')).toEqual({ street: 'Bd. Eroilor', streetNumber: '5-7', addressLine2: null });
    expect(splitStreetAddress('Calea 13 Septembrie 90')).toEqual({ street: 'Calea 13 Septembrie', streetNumber: '90', addressLine2: null });
    expect(splitStreetAddress('  Aleea  Teilor   nr.3 ')).toEqual({ street: 'Aleea Teilor', streetNumber: '3', addressLine2: null });
  });

  it('keeps the second line as the order’s second line, never in the number’s place', () => {
    expect(splitStreetAddress('Strada Lungă 10', ' Ap.  4 ')).toEqual({ street: 'Strada Lungă', streetNumber: '10', addressLine2: 'Ap. 4' });
    expect(splitStreetAddress('Strada Lungă', 'Bl. A2, Ap. 4')).toEqual({ street: 'Strada Lungă', streetNumber: '', addressLine2: 'Bl. A2, Ap. 4' });
  });

  it('writes the street line with the second line after the number', () => {
    expect(streetLine({ street: 'Strada Lungă', streetNumber: '10', addressLine2: 'bl. A3, sc. 2, et. 4, ap. 14' })).toBe('Strada Lungă 10, bl. A3, sc. 2, et. 4, ap. 14');
    expect(streetLine({ street: 'Strada Lungă', streetNumber: '10', addressLine2: null })).toBe('Strada Lungă 10');
    expect(streetLine({ street: 'Strada Lungă', streetNumber: 'FN', addressLine2: '  ' })).toBe('Strada Lungă FN');
  });

  it('leaves the number empty when there is none to find', () => {
    expect(splitStreetAddress('Strada Lungă')).toEqual({ street: 'Strada Lungă', streetNumber: '', addressLine2: null });
    expect(splitStreetAddress('')).toEqual({ street: '', streetNumber: '', addressLine2: null });
  });
});

describe('blockParts', () => {
  it('takes block, staircase, floor and apartment apart, however they are written', () => {
    expect(blockParts('bl. A3, sc. 2, et. 4, ap. 14')).toEqual({ building: 'A3', entrance: '2', floor: '4', apartment: '14', rest: '' });
    expect(blockParts('Bloc M12 Scara B etaj parter apartament 3')).toEqual({ building: 'M12', entrance: 'B', floor: 'parter', apartment: '3', rest: '' });
    expect(blockParts('Bl 5, Ap 7A')).toEqual({ building: '5', entrance: '', floor: '', apartment: '7A', rest: '' });
  });

  it('keeps what it cannot place, so nothing is lost', () => {
    expect(blockParts('bl. A3, interfon 14')).toEqual({ building: 'A3', entrance: '', floor: '', apartment: '', rest: 'interfon 14' });
    expect(blockParts('casa din spate')).toMatchObject({ building: '', rest: 'casa din spate' });
  });
});
