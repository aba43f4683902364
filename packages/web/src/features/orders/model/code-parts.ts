/** The nine parts of a line's product code (spec 002 3): 0 model, 1 PCB, 2 optic, 3 CCT, 4 solar panel, 5 battery, 6 body colour, 7 LED, 8 driver. */
export const CODE_PARTS = ['model', 'pcb', 'optic', 'cct', 'panel', 'battery', 'colour', 'led', 'driver'] as const;
export type CodePart = (typeof CODE_PARTS)[number];

export function codeParts(code: readonly string[] | string | null | undefined): string[] {
  const parts = Array.isArray(code) ? [...code] : typeof code === 'string' ? code.split('-') : [];
  return CODE_PARTS.map((_, i) => (parts[i] ?? '').trim());
}

/** Parts joined with dashes, blanks left out. */
export function joinCode(code: readonly string[] | string | null | undefined): string {
  return codeParts(code).filter(Boolean).join('-');
}

/** The five parts the card and the header show (optic, CCT, body colour, LED brand, driver brand). */
export const SHOWN_PARTS: { part: CodePart; index: number }[] = [
  { part: 'optic', index: 2 }, { part: 'cct', index: 3 }, { part: 'colour', index: 6 }, { part: 'led', index: 7 }, { part: 'driver', index: 8 },
];
