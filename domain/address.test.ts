import { describe, expect, it } from 'vitest';
import { splitStreetAddress } from './address';

describe('splitStreetAddress', () => {
  it('takes the number from the end of the first line, however it is written', () => {
    expect(splitStreetAddress('Strada Lungă 10')).toEqual({ street: 'Strada Lungă', streetNumber: '10' });
    expect(splitStreetAddress('Str. Lungă nr. 10A')).toEqual({ street: 'Str. Lungă', streetNumber: '10A' });
    expect(splitStreetAddress('Bd. Eroilor, nr 5-7')).toEqual({ street: 'Bd. Eroilor', streetNumber: '5-7' });
    expect(splitStreetAddress('Calea 13 Septembrie 90')).toEqual({ street: 'Calea 13 Septembrie', streetNumber: '90' });
    expect(splitStreetAddress('  Aleea  Teilor   nr.3 ')).toEqual({ street: 'Aleea Teilor', streetNumber: '3' });
  });

  it('keeps the second line after the number, never in its place', () => {
    expect(splitStreetAddress('Strada Lungă 10', 'Ap. 4')).toEqual({ street: 'Strada Lungă', streetNumber: '10, Ap. 4' });
    expect(splitStreetAddress('Strada Lungă', 'Bl. A2, Ap. 4')).toEqual({ street: 'Strada Lungă', streetNumber: 'Bl. A2, Ap. 4' });
  });

  it('leaves the number empty when there is none to find', () => {
    expect(splitStreetAddress('Strada Lungă')).toEqual({ street: 'Strada Lungă', streetNumber: '' });
    expect(splitStreetAddress('')).toEqual({ street: '', streetNumber: '' });
  });
});
