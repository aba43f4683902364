// Loaded lazily by session.ts: zod stays out of the first download of the public pages.
export { sessionUserSchema } from '@isik/domain';
