import { describe, expect, it } from 'vitest';
import { PRODUCT_CODE_PARTS, SHOWN_CODE_PARTS, codePartsOf, productCodeParts } from './code-parts.js';
import { joinOfferCode } from './offers.js';

describe('product code parts (spec 002 3: 0 model, 1 PCB, 2 optic, 3 CCT, 4 panel, 5 battery, 6 colour, 7 LED, 8 driver)', () => {
  it('has nine parts, and the card shows optic, CCT, body colour, LED and driver', () => {
    expect(PRODUCT_CODE_PARTS).toHaveLength(9);
    expect(SHOWN_CODE_PARTS.map((p) => [p.part, PRODUCT_CODE_PARTS[p.index]])).toEqual([
      ['optic', 'optic'], ['cct', 'cct'], ['colour', 'colour'], ['led', 'led'], ['driver', 'driver'],
    ]);
  });

  it('fills a product item with the model code, optic, CCT, panel and battery in their places', () => {
    expect(productCodeParts({ urun_kodu: 'ISK-SOL-30W-60ST', urun_model: { model_kodu: 'ISK-SOL' }, urun_optik: 'T2M', urun_cct: '4000K', urun_panel: 80, urun_aku: 24 }))
      .toEqual(['ISK-SOL', '', 'T2M', '4000K', '80Wp', '24Ah', '', '', '']);
    // A list row names the model by model_code; placeholders and zero mean "not given".
    expect(productCodeParts({ urun_kodu: 'ISK-ASTRA-30W', model_code: 'ISK-ASTRA', urun_optik: 'XX', urun_cct: 'XXXX', urun_panel: 0, urun_aku: 0 }))
      .toEqual(['ISK-ASTRA', '', '', '', '', '', '', '', '']);
    // Without a model the product's own code is the model part.
    expect(productCodeParts({ urun_kodu: 'SL-60' })[0]).toBe('SL-60');
  });

  it('reads a stored code as nine parts without splitting a whole code at its dashes', () => {
    expect(codePartsOf('ISK-ASTRA-30W-40AS')).toEqual(['ISK-ASTRA-30W-40AS', '', '', '', '', '', '', '', '']);
    expect(codePartsOf(['AST', ' P30 '])).toEqual(['AST', 'P30', '', '', '', '', '', '', '']);
    expect(codePartsOf(null)).toHaveLength(9);
    expect(joinOfferCode(productCodeParts({ urun_model: { model_kodu: 'ISK-SOL' }, urun_optik: 'T2M', urun_cct: '4000K' }))).toBe('ISK-SOL-T2M-4000K');
  });
});
