import { describe, expect, it } from 'vitest';
import { lockerCityFor, lockerCourierAddress, lockerLine } from './lockers';

const easybox = {
  courier: 'sameday' as const,
  id: '2101',
  name: 'easybox Iulius Mall Cluj',
  county: 'CJ',
  city: 'Cluj-Napoca',
  address: 'Str. Alexandru Vaida Voevod, Nr. 53B',
  postalCode: '400436',
  acceptsCash: true,
};
const address = { county: 'CJ', city: 'Cluj-Napoca', street: 'Strada Memorandumului', streetNumber: '28' };

describe('lockers', () => {
  it('write a locker as people read it: name, address, postal code, town and county', () => {
    expect(lockerLine(easybox)).toBe('easybox Iulius Mall Cluj, Str. Alexandru Vaida Voevod, Nr. 53B, 400436 Cluj-Napoca, Cluj');
  });

  it('give the courier the locker’s own address, without diacritics when asked', () => {
    expect(lockerCourierAddress({ ...easybox, county: 'B', city: 'Sectorul 4' }, { plain: true })).toEqual({
      county: 'Bucuresti',
      locality: 'Sectorul 4',
      address: 'Str. Alexandru Vaida Voevod, Nr. 53B',
      street: 'Str. Alexandru Vaida Voevod, Nr. 53B',
      number: '',
      line2: '',
      postalCode: '400436',
    });
  });

  it('show first the lockers of the address’s town, whatever its diacritics and case; in Bucharest its sector’s', () => {
    expect(lockerCityFor({ ...address, city: ' cluj-napoca ' }, ['Cluj-Napoca', 'Florești'])).toBe('Cluj-Napoca');
    expect(lockerCityFor({ ...address, city: 'Floresti' }, ['Cluj-Napoca', 'Florești'])).toBe('Florești');
    expect(lockerCityFor({ ...address, city: 'Dej' }, ['Cluj-Napoca'])).toBe('');
    expect(lockerCityFor({ county: 'B', city: 'București', street: 'Strada Icoanei', streetNumber: '12', sector: '2' }, ['Sectorul 2', 'Sectorul 4'])).toBe('Sectorul 2');
    expect(lockerCityFor({ county: 'B', city: 'București, Sector 4', street: 'Sos. Oltenitei', streetNumber: '3' }, ['Sectorul 2', 'Sectorul 4'])).toBe('Sectorul 4');
    expect(lockerCityFor({ county: 'B', city: 'București', street: 'Strada Icoanei', streetNumber: '12' }, ['Sectorul 2'])).toBe('');
  });
});
