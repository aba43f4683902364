import { describe, expect, it } from 'vitest';
import { emptyDraft, figures, percent, validateDraft } from './product-values';

const base = { urun_guc: 30, urun_lumen: 4500, urun_kapasite: 12, urun_voltaj: 12.8 };

describe('product values', () => {
  it('shows the figures of each category (spec 001 9)', () => {
    expect(figures({ ...base, model_category: 0 })).toEqual(['30 W', '4.500 lm']);
    expect(figures({ ...base, model_category: 7 })).toEqual(['30 Wp']);
    expect(figures({ ...base, model_category: 8 })).toEqual(['12 Ah', '12,80 VDC']);
  });

  it('refuses a short name and a missing model with the spec messages', () => {
    const errors = validateDraft({ ...emptyDraft(), name_tr: 'Ab' }, 'tr');
    expect(errors.name).toBe('product.name.short');
    expect(errors.urun_model).toBe('product.model.required');
  });

  it('checks the name in the current language', () => {
    const d = { ...emptyDraft(), name_tr: 'Uzun bir ad', name_en: '' };
    expect(validateDraft(d, 'tr').name).toBeUndefined();
    expect(validateDraft(d, 'en').name).toBe('product.name.short');
  });

  it('writes percentages as each language does', () => {
    expect(percent(30, 'tr')).toBe('%30');
    expect(percent(30, 'en')).toBe('30%');
  });
});
