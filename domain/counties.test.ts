import { describe, expect, it } from 'vitest';
import { COUNTIES, COUNTY_CODES, countyFromText, countyName, postalCodeFitsCounty } from './counties';

describe('COUNTIES', () => {
  it('lists the 41 counties and București once each, by code', () => {
    expect(COUNTIES).toHaveLength(42);
    expect(new Set(COUNTY_CODES).size).toBe(42);
    expect([...COUNTY_CODES].sort()).toEqual(
      [
        'AB',
        'AR',
        'AG',
        'BC',
        'BH',
        'BN',
        'BT',
        'BR',
        'BV',
        'BZ',
        'CL',
        'CS',
        'CJ',
        'CT',
        'CV',
        'DB',
        'DJ',
        'GL',
        'GR',
        'GJ',
        'HR',
        'HD',
        'IL',
        'IS',
        'IF',
        'MM',
        'MH',
        'MS',
        'NT',
        'OT',
        'PH',
        'SJ',
        'SM',
        'SB',
        'SV',
        'TR',
        'TM',
        'TL',
        'VL',
        'VS',
        'VN',
        'B',
      ].sort(),
    );
  });

  it('is in Romanian alphabetical order, names with their diacritics', () => {
    const names = COUNTIES.map((county) => county.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('ro').compare));
    expect(countyName('AG')).toBe('Argeș');
    expect(countyName('B')).toBe('București');
    expect(countyName('BV')).toBe('Brașov');
  });

  it('gives each postal prefix to one county only', () => {
    const prefixes = COUNTIES.flatMap((county) => county.postalPrefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes) expect(prefix).toMatch(/^\d\d$/);
  });
});

describe('countyName', () => {
  it('is null for an order without a county, or a code it does not know', () => {
    expect(countyName(null)).toBeNull();
    expect(countyName(undefined)).toBeNull();
    expect(countyName('XX')).toBeNull();
  });
});

describe('postalCodeFitsCounty', () => {
  it('accepts the codes of the county chosen', () => {
    expect(postalCodeFitsCounty('400114', 'CJ')).toBe(true);
    expect(postalCodeFitsCounty('010011', 'B')).toBe(true);
    expect(postalCodeFitsCounty('062155', 'B')).toBe(true);
    expect(postalCodeFitsCounty('077190', 'IF')).toBe(true);
    expect(postalCodeFitsCounty('900178', 'CT')).toBe(true);
    expect(postalCodeFitsCounty('300011', 'TM')).toBe(true);
    expect(postalCodeFitsCounty('700259', 'IS')).toBe(true);
    expect(postalCodeFitsCounty('500007', 'BV')).toBe(true);
  });

  it('tells a code of another county', () => {
    expect(postalCodeFitsCounty('400114', 'B')).toBe(false);
    expect(postalCodeFitsCounty('010011', 'CJ')).toBe(false);
    expect(postalCodeFitsCounty('077190', 'B')).toBe(false);
  });

  it('has nothing to compare without a county or a six-digit code', () => {
    expect(postalCodeFitsCounty('400114', null)).toBe(true);
    expect(postalCodeFitsCounty('4001', 'B')).toBe(true);
  });
});

describe('countyFromText', () => {
  it('reads codes and names as payment providers write them', () => {
    expect(countyFromText('CJ')).toBe('CJ');
    expect(countyFromText('ro-cj')).toBe('CJ');
    expect(countyFromText('Cluj')).toBe('CJ');
    expect(countyFromText('Județul Argeș')).toBe('AG');
    expect(countyFromText('judetul arges')).toBe('AG');
    expect(countyFromText('Bistrita Nasaud')).toBe('BN');
    expect(countyFromText('Caraş-Severin')).toBe('CS');
    expect(countyFromText('Bucuresti')).toBe('B');
    expect(countyFromText('Bucharest')).toBe('B');
    expect(countyFromText('Municipiul București')).toBe('B');
    expect(countyFromText('Sector 3')).toBe('B');
  });

  it('is null for what names no county', () => {
    expect(countyFromText(null)).toBeNull();
    expect(countyFromText('')).toBeNull();
    expect(countyFromText('Bavaria')).toBeNull();
  });
});
