import type { ImportKind, ImportPreview, ImportResult } from '@isik/domain';
import { api, apiUrl } from '../../../lib/api';
import { i18n } from '../../../i18n';
import { sessionStore } from '../../../lib/session';

/** Downloads the kind's .xlsx template (columns in the UI language) as a file. */
export async function downloadTemplate(kind: ImportKind): Promise<void> {
  const token = sessionStore.get().token;
  const res = await fetch(apiUrl(`/import/${kind}/template`), {
    headers: { 'Accept-Language': i18n.language || 'tr', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error((await res.json().catch(() => ({ message: res.statusText })) as { message: string }).message);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `import-${kind}.xlsx`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Checks a file: every row with its errors and a preview id; nothing is written. */
export function previewImport(kind: ImportKind, file: File): Promise<ImportPreview> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api<ImportPreview>(`/import/${kind}/preview`, { method: 'POST', body });
}

/** Writes a preview: every row (all or nothing) or only the valid ones. */
export function commitImport(kind: ImportKind, previewId: string, validOnly: boolean): Promise<ImportResult> {
  return api<ImportResult>(`/import/${kind}/commit`, { method: 'POST', body: { previewId, validOnly } });
}
