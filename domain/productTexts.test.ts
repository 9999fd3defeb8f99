import { describe, expect, it } from 'vitest';
import { builtInProductsIn } from './builtInProducts';
import { colourNameIn, type ProductTranslations, productIn, productNameIn } from './productTexts';

const lighter = builtInProductsIn('en')[0]!;
const translations: ProductTranslations = {
  ro: { name: 'Brichetă', description: 'Descriere', keyFeatures: ['Unu', 'Doi'], colours: { Black: 'Negru' } },
};

describe('a product in a language', () => {
  it('shows the translated texts, and each colour by its translated name while keeping its own', () => {
    const ro = productIn(lighter, translations, 'ro');
    expect(ro).toMatchObject({ name: 'Brichetă', description: 'Descriere', keyFeatures: ['Unu', 'Doi'], price: lighter.price, slug: lighter.slug });
    expect(ro.colourOptions.map(({ name, label, available }) => [name, label, available])).toEqual([
      ['Black', 'Negru', true],
      ['Red', 'Red', false],
      ['Blue', 'Blue', false],
    ]);
    expect(productNameIn(lighter.name, translations, 'ro')).toBe('Brichetă');
    expect(colourNameIn('Black', translations, 'ro')).toBe('Negru');
  });

  it('shows its own texts in English, and wherever a translation is missing or empty', () => {
    expect(productIn(lighter, translations, 'en')).toEqual(lighter);
    expect(productIn(lighter, {}, 'ro')).toEqual(lighter);
    const partial = productIn(lighter, { ro: { name: '', description: 'Descriere', keyFeatures: [] } }, 'ro');
    expect(partial).toMatchObject({ name: lighter.name, description: 'Descriere', keyFeatures: lighter.keyFeatures });
    expect(colourNameIn('Black', translations, 'en')).toBe('Black');
    expect(productNameIn(lighter.name, {}, 'ro')).toBe(lighter.name);
  });
});
