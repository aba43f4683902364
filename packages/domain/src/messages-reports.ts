import type { Entry } from './messages.js';

/** Messages of the reports (issue 26, ADR 0041), in the three languages: the checks of a report's filters. */
export const REPORT_MESSAGES = {
  'report.date.invalid': { tr: 'Tarih geçersiz (GG.AA.YYYY ya da YYYY-AA-GG).', en: 'The date is not valid (DD.MM.YYYY or YYYY-MM-DD).', es: 'La fecha no es válida (DD.MM.AAAA o AAAA-MM-DD).' },
  'report.period.order': { tr: 'Bitiş tarihi başlangıç tarihinden önce olamaz.', en: 'The end date cannot be before the start date.', es: 'La fecha final no puede ser anterior a la inicial.' },
  'report.period.long': { tr: 'Dönem en fazla 5 yıl olabilir.', en: 'The period can be at most 5 years.', es: 'El periodo puede ser de 5 años como máximo.' },
  'report.choice.invalid': { tr: 'Seçim geçersiz.', en: 'The choice is not valid.', es: 'La opción no es válida.' },
  'report.days.invalid': { tr: 'Gün sayısı 1 ile 3650 arasında bir tam sayı olmalıdır.', en: 'The number of days must be a whole number from 1 to 3650.', es: 'El número de días debe ser un entero entre 1 y 3650.' },
  'report.minStock.invalid': { tr: 'Asgari stok 0 ya da daha büyük bir sayı olmalıdır.', en: 'The minimum stock must be a number of 0 or more.', es: 'El stock mínimo debe ser un número de 0 o más.' },
} satisfies Record<string, Entry>;
