import { describe, expect, it } from 'vitest';
import type { MaterialCategories } from '@isik/domain';
import { categoryKey, groupOptions, keepGroup, materialImage, priceText, productImage, productName, stockText } from './picker-helpers';

const FILE = `/api/files/${'a'.repeat(64)}`;
const cats: MaterialCategories = {
  categories: ['Elektronik', 'Mekanik'],
  groups: ['LED', 'Sürücü', 'Gövde', 'Vida'],
  tree: [{ category: 'Elektronik', groups: ['Sürücü', 'LED', 'LED'] }, { category: 'Mekanik', groups: ['Vida', 'Gövde'] }],
};

describe('picker helpers', () => {
  it("shows a list row's main image as its small version", () => {
    expect(productImage({ mainImage: FILE })).toBe(`${FILE}/small`);
    expect(productImage({ mainImage: '' })).toBe('');
    expect(materialImage({ material_img: FILE })).toBe(`${FILE}/small`);
    expect(materialImage({ material_img: '' })).toBe('');
  });

  it('names a product in the current language with fallbacks', () => {
    expect(productName({ urun_adi: ['Yol Armatürü', 'Street Light'], urun_kodu: 'X-1' }, 'tr')).toBe('Yol Armatürü');
    expect(productName({ urun_adi: ['Yol Armatürü', 'Street Light'], urun_kodu: 'X-1' }, 'es')).toBe('Street Light');
    expect(productName({ urun_adi: ['Yol Armatürü', '-'], urun_kodu: 'X-1' }, 'en')).toBe('Yol Armatürü');
    expect(productName({ urun_adi: ['-', '-'], urun_kodu: 'X-1' }, 'en')).toBe('X-1');
  });

  it('formats prices and stock the Turkish way', () => {
    expect(priceText(1234.5, '$')).toBe('1.234,50 $');
    expect(priceText(0.12345, '€', 4)).toBe('0,1235 €');
    expect(priceText(2, '')).toBe('2,00');
    expect(stockText(-3)).toBe('-3');
    expect(stockText(1500.25)).toBe('1.500,25');
    expect(stockText(undefined)).toBe('0');
  });

  it('gives the category label key', () => {
    expect(categoryKey(3)).toBe('model.kategori3');
    expect(categoryKey(42)).toBe('');
    expect(categoryKey(null)).toBe('');
  });

  it('lists the groups of the chosen category and drops a group that no longer fits', () => {
    expect(groupOptions(cats, 'Elektronik')).toEqual(['LED', 'Sürücü']);
    expect(groupOptions(cats, null)).toEqual(['Gövde', 'LED', 'Sürücü', 'Vida']);
    expect(groupOptions(cats, 'Yok')).toEqual([]);
    expect(groupOptions(undefined, 'Elektronik')).toEqual([]);
    expect(keepGroup(cats, 'Mekanik', 'Vida')).toBe('Vida');
    expect(keepGroup(cats, 'Elektronik', 'Vida')).toBeNull();
    expect(keepGroup(cats, null, null)).toBeNull();
  });
});
