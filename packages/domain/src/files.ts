import { z } from 'zod';
import { versionSchema } from './common.js';

/** File store (DECISIONS 8): uploads answer URLs under /api/files. */
export const FILES_URL_PREFIX = '/api/files/';
/** Default upload limit in MB (server config FILE_MAX_MB). */
export const FILE_MAX_MB_DEFAULT = 10;
/** Types the server accepts, checked by content. */
export const UPLOAD_IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const UPLOAD_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,application/pdf,application/zip,.docx,.xlsx,.pptx';
export const UPLOAD_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** Answer of POST /api/files/upload. */
export const uploadedFileSchema = z.object({
  url: z.string(),
  smallUrl: z.string(),
  id: z.string(),
  mime: z.string(),
  size: z.number(),
  name: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** The small image of a stored file's URL (`/api/files/<id>` -> `/api/files/<id>/small`); other values unchanged. */
export function smallFileUrl(url: string): string {
  const m = /^(\/api\/files\/[0-9a-f]{64})(?:\/small)?(?:\?.*)?$/.exec(url);
  return m ? `${m[1]}/small` : url;
}

// ---------------------------------------------------------------- image library (spec 000 2.10, 3 Image)

export const IMAGE_DESCRIPTIONS = ['Ana Görsel', 'Yan Görsel', 'Teknik Resim', 'Renkli Resim'] as const;
export type ImageDescription = (typeof IMAGE_DESCRIPTIONS)[number];
export const IMAGES_PAGE_SIZE = 100;

/** One row of the model multi-select: label = model code, value = model id. */
export const imageModelRefSchema = z.object({
  label: z.string({ error: 'image.model.invalid' }).max(200, { error: 'error.tooLong' }),
  value: z.string({ error: 'image.model.invalid' }).min(1, { error: 'image.model.invalid' }).max(64, { error: 'error.tooLong' }),
}, { error: 'image.model.invalid' });
export type ImageModelRef = z.infer<typeof imageModelRefSchema>;

/** GET /system/storage: database and file-store sizes for the settings panel. */
export const storageFiguresSchema = z.object({ databaseBytes: z.number(), filesBytes: z.number() });
export type StorageFigures = z.infer<typeof storageFiguresSchema>;

const imageValue = z.string({ error: 'image.required' }).min(1, { error: 'image.required' });
const description = z.enum(IMAGE_DESCRIPTIONS, { error: 'image.description.invalid' });
const modelList = z.array(imageModelRefSchema, { error: 'image.model.invalid' }).max(1000, { error: 'error.tooLong' });
const dateValue = z.string({ error: 'error.invalidType' }).max(40, { error: 'error.tooLong' }).nullable().optional()
  .refine((v) => v === undefined || v === null || v === '' || !Number.isNaN(Date.parse(v)), { error: 'error.invalidType' });

/**
 * Create body: `image` is a base64 data URL (the contract) or a stored `/api/files/...` URL; the server
 * makes `smallimage` itself (a sent one is ignored).
 */
export const imageInputSchema = z.object({
  model: modelList.default([]),
  image: imageValue,
  smallimage: z.string().optional(),
  description,
  date: dateValue,
});
export type ImageInput = z.input<typeof imageInputSchema>;

/** Update body: left-out fields keep their stored values; __v must be the version read. */
export const imageUpdateSchema = z.object({
  model: modelList.optional(),
  image: imageValue.optional(),
  smallimage: z.string().optional(),
  description: description.optional(),
  date: dateValue,
  __v: versionSchema,
});
export type ImageUpdateInput = z.input<typeof imageUpdateSchema>;

export const imageSchema = z.object({
  _id: z.string(),
  model: z.array(imageModelRefSchema),
  /** `/api/files/<id>` */
  image: z.string(),
  /** `/api/files/<id>/small` */
  smallimage: z.string(),
  description: z.string(),
  date: z.string(),
  __v: z.number(),
});
/** One image of the library (named so it does not clash with the DOM's or Mantine's Image). */
export type LibraryImage = z.infer<typeof imageSchema>;

export const imageListSchema = z.object({
  img: z.array(imageSchema),
  page: z.number(),
  totalPage: z.number(),
  totalItemCount: z.number(),
});
export type ImageList = z.infer<typeof imageListSchema>;
