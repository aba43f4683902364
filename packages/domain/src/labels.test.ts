import { describe, expect, it } from 'vitest';
import { centerLabel, imageDescriptionLabel, logDescription, logTitle, logTitleKeyOf, unitLabel } from './labels.js';
import { MESSAGES, LANGS } from './messages.js';

describe('labels of stored values', () => {
  it('shows units, image descriptions and centres in the reader language and keeps unknown values', () => {
    expect(unitLabel('Adet', 'en')).toBe('pcs');
    expect(unitLabel('Adet', 'tr')).toBe('Adet');
    expect(unitLabel('Adet', 'es')).toBe('uds.');
    expect(unitLabel('Varil', 'en')).toBe('Varil');
    expect(imageDescriptionLabel('Ana Görsel', 'en')).toBe('Main image');
    expect(imageDescriptionLabel('Ana Görsel', 'tr')).toBe('Ana Görsel');
    expect(centerLabel('uretim', 'en')).toBe('Production');
    expect(centerLabel('teslimat', 'es')).toBe('Entrega');
  });
});

describe('log rows in the reader language', () => {
  it('translates a keyed title and rebuilds a keyed description with labelled unit and centre', () => {
    const row = {
      title: 'Stok hareketi oluşturuldu', title_key: 'log.stock.created',
      description: 'Vida: -2 Adet (uretim)', description_key: 'logText.movement',
      params: { name: 'Vida', sign: '-', qty: '2', unit: 'Adet', center: 'uretim' },
    };
    expect(logTitle(row, 'en')).toBe('Stock movement created');
    expect(logDescription(row, 'en')).toBe('Vida: -2 pcs (Production)');
    expect(logDescription(row, 'tr')).toBe('Vida: -2 Adet (Üretim)');
  });

  it('keeps rows written before keys readable: a known Turkish title is translated, anything else shown as stored', () => {
    expect(logTitleKeyOf('Yapılacak iş oluşturuldu')).toBe('log.todo.created');
    expect(logTitle({ title: 'Yapılacak iş oluşturuldu', title_key: null }, 'en')).toBe('To-do created');
    expect(logTitle({ title: 'Eski bir başlık', title_key: null }, 'en')).toBe('Eski bir başlık');
    expect(logDescription({ description: 'Vida: -2 Adet (uretim)', description_key: null, params: {} }, 'en')).toBe('Vida: -2 Adet (uretim)');
  });

  it('has every log and label text in all three languages', () => {
    for (const [key, entry] of Object.entries(MESSAGES)) {
      if (!key.startsWith('log') && !key.startsWith('label.')) continue;
      for (const lang of LANGS) expect((entry as Record<string, string>)[lang], `${key} ${lang}`).toBeTruthy();
    }
  });
});
