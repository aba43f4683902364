import { IMAGE_DESCRIPTIONS, type ImageDescription, type ImageModelRef } from '@isik/domain';
import type { ModelOption } from '../api/images-api';

/** The stored description (Turkish, spec 000 section 3) and the key of its translated label. */
export const DESCRIPTION_KEYS: Record<ImageDescription, 'main' | 'side' | 'technical' | 'coloured'> = {
  'Ana Görsel': 'main',
  'Yan Görsel': 'side',
  'Teknik Resim': 'technical',
  'Renkli Resim': 'coloured',
};

export function isImageDescription(value: unknown): value is ImageDescription {
  return typeof value === 'string' && (IMAGE_DESCRIPTIONS as readonly string[]).includes(value);
}

/** The translated label of a stored description; an unknown (older) value is shown as it is. */
export function descriptionLabel(value: string, t: (key: string) => string): string {
  return isImageDescription(value) ? t(`images.descriptions.${DESCRIPTION_KEYS[value]}`) : value;
}

/**
 * The server searches the stored (Turkish) description and the model codes. Someone typing part of a
 * translated label ("side", "lateral") means that description, so the text is replaced by its stored value
 * when it fits exactly one label; anything else (a model code, a Turkish word) is sent as typed.
 */
export function serverSearch(text: string, labelOf: (d: ImageDescription) => string): string {
  const trimmed = text.trim();
  const typed = trimmed.toLocaleLowerCase();
  if (!typed) return '';
  // Already part of a stored (Turkish) value: the server finds it as typed.
  if (IMAGE_DESCRIPTIONS.some((d) => d.toLocaleLowerCase('tr').includes(trimmed.toLocaleLowerCase('tr')))) return trimmed;
  const hits = IMAGE_DESCRIPTIONS.filter((d) => labelOf(d).toLocaleLowerCase().includes(typed));
  return hits.length === 1 ? hits[0] : trimmed;
}

/** File size as the spec shows it: rounded kB (size / 1000). */
export function fileSizeKb(bytes: number): number {
  return Math.round(bytes / 1000);
}

/**
 * The picker's options: the loaded models plus the image's own models (so an image keeps showing its
 * models even when the model list cannot be loaded), without duplicates, sorted by code.
 */
export function mergeModelOptions(loaded: readonly ModelOption[], own: readonly ImageModelRef[]): ModelOption[] {
  const byId = new Map<string, ModelOption>();
  for (const o of loaded) if (o.value) byId.set(o.value, { value: o.value, label: o.label || o.value });
  for (const m of own) if (m.value && !byId.has(m.value)) byId.set(m.value, { value: m.value, label: m.label || m.value });
  return [...byId.values()].sort((a, b) => a.label.localeCompare(b.label, 'tr', { numeric: true }));
}

/** The chosen ids as the body carries them: {label: model code, value: model id}. */
export function modelRefsOf(ids: readonly string[], options: readonly ModelOption[]): ImageModelRef[] {
  const byId = new Map(options.map((o) => [o.value, o.label]));
  return [...new Set(ids)].filter(Boolean).map((id) => ({ label: byId.get(id) ?? id, value: id }));
}

export type ImageField = 'model' | 'image' | 'description';

/** The form field a server field error belongs to ('model.0.value' is the model picker); null for others. */
export function formFieldOf(serverKey: string): ImageField | null {
  const head = serverKey.split(/[.[]/)[0];
  if (head === 'model' || head === 'image' || head === 'description') return head;
  if (head === 'smallimage') return 'image';
  return null;
}

/** Groups the server's field errors by form field; errors of other fields are kept apart for an alert. */
export function splitFieldErrors(fields: Record<string, string>): { byField: Partial<Record<ImageField, string>>; other: string[] } {
  const byField: Partial<Record<ImageField, string>> = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(fields)) {
    const field = formFieldOf(key);
    if (field) byField[field] ??= message;
    else other.push(message);
  }
  return { byField, other };
}

/** Reads a chosen file as a base64 data URL (the contract of /images/create). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable file')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}
