import { describe, expect, it } from 'vitest';
import { EXAMPLE_COMPANY, exampleCompanySettings } from './company';

describe('the company’s placeholders', () => {
  it('names each COMPANY_* setting still holding its placeholder, and none once all are set', () => {
    expect(exampleCompanySettings(EXAMPLE_COMPANY)).toEqual(['COMPANY_NAME', 'COMPANY_CUI', 'COMPANY_REG_NO', 'COMPANY_ADDRESS', 'COMPANY_EMAIL', 'COMPANY_PHONE']);
    expect(exampleCompanySettings({ ...EXAMPLE_COMPANY, name: 'ASCUNS SRL', cui: 'RO12345678' })).toEqual(['COMPANY_REG_NO', 'COMPANY_ADDRESS', 'COMPANY_EMAIL', 'COMPANY_PHONE']);
    expect(
      exampleCompanySettings({ name: 'ASCUNS SRL', cui: 'RO12345678', registrationNumber: 'J12/34/2025', address: 'Str. Lungă 1, Cluj-Napoca', email: 'a@ascuns.ro', phone: '0722123456' }),
    ).toEqual([]);
  });
});
