import { UPLOAD_ACCEPT } from '@isik/domain';

/** Reads a chosen file as a base64 data URL (the upload contract: the server stores it and answers a URL). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable file')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

const OFFICE_MIMES: Record<string, string> = {
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** The Dropzone `accept` map of the types the server takes (UPLOAD_ACCEPT of the domain). */
export function downloadAccept(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const item of UPLOAD_ACCEPT.split(',').map((s) => s.trim()).filter(Boolean)) {
    if (item.startsWith('.')) {
      const mime = OFFICE_MIMES[item];
      if (mime) out[mime] = [item];
    } else {
      out[item] = [];
    }
  }
  // Some systems give zip files the x-zip name.
  if (out['application/zip']) out['application/x-zip-compressed'] = ['.zip'];
  return out;
}

/** A short type for the list: the file's MIME type, or its extension. */
export function fileType(file: File): string {
  if (file.type) return file.type;
  const dot = file.name.lastIndexOf('.');
  return dot >= 0 ? file.name.slice(dot + 1).toLowerCase() : '';
}
