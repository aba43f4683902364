import { describe, expect, it } from 'vitest';
import { SHOWN_PARTS, codeParts, joinCode } from './code-parts';

describe('product code parts', () => {
  it('always gives nine parts, from an array or a dashed code', () => {
    expect(codeParts(['AST', 'P30'])).toEqual(['AST', 'P30', '', '', '', '', '', '', '']);
    expect(codeParts('AST-P30-T2')).toEqual(['AST', 'P30', 'T2', '', '', '', '', '', '']);
    expect(codeParts(null)).toHaveLength(9);
  });

  it('joins the parts with dashes and leaves blanks out', () => {
    expect(joinCode(['AST', '', 'T2', ' 4000K '])).toBe('AST-T2-4000K');
    expect(joinCode([])).toBe('');
  });

  it('shows optic, CCT, body colour, LED and driver (indices 2, 3, 6, 7, 8)', () => {
    expect(SHOWN_PARTS.map((p) => p.index)).toEqual([2, 3, 6, 7, 8]);
  });
});
