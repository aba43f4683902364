import { describe, expect, it } from 'vitest';
import { IMAGE_DESCRIPTIONS, type ImageDescription } from '@isik/domain';
import {
  DESCRIPTION_KEYS, descriptionLabel, fileSizeKb, formFieldOf, isImageDescription, mergeModelOptions, modelRefsOf, serverSearch, splitFieldErrors,
} from './image-form';

const EN: Record<ImageDescription, string> = {
  'Ana Görsel': 'Main image',
  'Yan Görsel': 'Side image',
  'Teknik Resim': 'Technical drawing',
  'Renkli Resim': 'Coloured image',
};

describe('image form helpers', () => {
  it('has a label key for each of the four descriptions', () => {
    expect(Object.keys(DESCRIPTION_KEYS).sort()).toEqual([...IMAGE_DESCRIPTIONS].sort());
    expect(isImageDescription('Teknik Resim')).toBe(true);
    expect(isImageDescription('Arka Görsel')).toBe(false);
  });

  it('translates known descriptions and shows unknown ones as stored', () => {
    const t = (k: string) => `T(${k})`;
    expect(descriptionLabel('Yan Görsel', t)).toBe('T(images.descriptions.side)');
    expect(descriptionLabel('Eski açıklama', t)).toBe('Eski açıklama');
  });

  it('sends a translated label as the stored description when it fits exactly one', () => {
    const label = (d: ImageDescription) => EN[d];
    expect(serverSearch('side', label)).toBe('Yan Görsel');
    expect(serverSearch(' Technical ', label)).toBe('Teknik Resim');
    // Fits three labels: sent as typed.
    expect(serverSearch('image', label)).toBe('image');
    // Turkish text and model codes go as typed.
    expect(serverSearch('görsel', label)).toBe('görsel');
    expect(serverSearch('LS-120', label)).toBe('LS-120');
    expect(serverSearch('   ', label)).toBe('');
  });

  it('rounds the size to kB like the spec (size / 1000)', () => {
    expect(fileSizeKb(0)).toBe(0);
    expect(fileSizeKb(1499)).toBe(1);
    expect(fileSizeKb(1500)).toBe(2);
    expect(fileSizeKb(245_760)).toBe(246);
  });

  it('keeps the image\'s own models among the options, without duplicates, sorted by code', () => {
    const merged = mergeModelOptions(
      [{ value: 'b', label: 'LS-200' }, { value: 'a', label: 'LS-100' }],
      [{ value: 'a', label: 'old code' }, { value: 'c', label: 'FL-9' }],
    );
    expect(merged).toEqual([{ value: 'c', label: 'FL-9' }, { value: 'a', label: 'LS-100' }, { value: 'b', label: 'LS-200' }]);
    expect(mergeModelOptions([], [])).toEqual([]);
  });

  it('turns chosen ids into {label: code, value: id}', () => {
    const options = [{ value: 'a', label: 'LS-100' }];
    expect(modelRefsOf(['a', 'a', 'x'], options)).toEqual([{ label: 'LS-100', value: 'a' }, { label: 'x', value: 'x' }]);
  });

  it('places server field errors under the matching field', () => {
    expect(formFieldOf('model.0.value')).toBe('model');
    expect(formFieldOf('image')).toBe('image');
    expect(formFieldOf('__v')).toBeNull();
    expect(splitFieldErrors({ 'model.1.label': 'bad model', description: 'bad', __v: 'stale' })).toEqual({
      byField: { model: 'bad model', description: 'bad' },
      other: ['stale'],
    });
  });
});
