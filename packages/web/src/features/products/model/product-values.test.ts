import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIPBOARD_KEY, copyRows as copyModelRows, pasteRows as pasteModelRows } from '../../../lib/row-clipboard';
import { copyRows, emptyDraft, figures, pasteRows, percent, validateDraft } from './product-values';

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

  describe('copy and paste of rows between products (spec 001 5)', () => {
    afterEach(() => { vi.unstubAllGlobals(); });
    const stubStorage = () => {
      const items = new Map<string, string>();
      vi.stubGlobal('window', { localStorage: { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => { items.set(k, v); } } });
      return items;
    };

    it('pastes rows of the same kind only; another kind is a mismatch, nothing copied is empty', () => {
      stubStorage();
      expect(pasteRows('specs')).toBe('empty');
      copyRows('specs', [{ no: 1, urun_ozellik: ['Renk', 'Colour'] }]);
      expect(pasteRows('specs')).toEqual([{ no: 1, urun_ozellik: ['Renk', 'Colour'] }]);
      expect(pasteRows('production')).toBe('mismatch');
    });

    it("shares the models' clipboard: rows copied on a model are a mismatch on a product and the other way round", () => {
      stubStorage();
      copyRows('production', [{ op_name: 'Dizgi' }]);
      copyModelRows('productiondetail', [{ No: 1, Operation: 'Dizgi', OperationComponent: [] }], window.localStorage);
      expect(pasteRows('production')).toBe('mismatch');
      copyRows('specs', [{ no: 1 }]);
      expect(pasteModelRows('modelFeatures', window.localStorage)).toEqual({ ok: false, reason: 'mismatch' });
    });

    it('a damaged copy is empty, never an exception', () => {
      const items = stubStorage();
      items.set(CLIPBOARD_KEY, '{not json');
      expect(pasteRows('specs')).toBe('empty');
      items.set(CLIPBOARD_KEY, JSON.stringify({ kind: 'specs', rows: 'x' }));
      expect(pasteRows('specs')).toBe('empty');
    });
  });
});
