import { notifications } from '@mantine/notifications';
import { NOTICE_MS } from '@isik/domain';
import { i18n, tm } from '../i18n';
import { ApiError } from './http';

// One notice per failure: a screen's own onError and the query client's global handler may both report the same
// error object; Mantine ignores a second notice with an id it already shows.
const noticeIds = new WeakMap<object, string>();
let noticeSeq = 0;
function noticeIdOf(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  let id = noticeIds.get(err);
  if (!id) { id = `error-${++noticeSeq}`; noticeIds.set(err, id); }
  return id;
}

/** A refused call's notice title: its HTTP status named in the reader's language (not the English reason phrase). */
export function statusTitle(status: number): string {
  const key = `notice.status.${status}`;
  return i18n.exists(key) ? i18n.t(key) : i18n.t('notice.error');
}

/** The spec's danger notice: red, top right, 3 s, titled with the status (in the reader's language), the server message as body. */
export function notifyError(err: unknown, title?: string): void {
  if (err instanceof DOMException && err.name === 'AbortError') return;
  const isApi = err instanceof ApiError;
  notifications.show({
    id: noticeIdOf(err),
    color: 'red',
    autoClose: NOTICE_MS,
    title: title ?? (isApi ? statusTitle(err.status) : i18n.t('notice.error')),
    message: err instanceof Error ? err.message : tm(String(err)),
  });
}

/**
 * The spec's success notice (title 'Success'). `messageKey` is a UI key (e.g. 'notice.loginSuccessful')
 * or a domain message key (e.g. 'password.changed'); both are looked up in the current language.
 */
export function notifySuccess(messageKey: string, params?: Record<string, string | number>): void {
  notifications.show({
    color: 'green',
    autoClose: NOTICE_MS,
    title: i18n.t('notice.success'),
    message: i18n.exists(messageKey) ? i18n.t(messageKey, params) : tm(messageKey, params),
  });
}

/** Red notice with a translated title and a message (login failures and other client-side refusals). */
export function notifyFailure(message: string, titleKey = 'notice.failed'): void {
  notifications.show({ color: 'red', autoClose: NOTICE_MS, title: i18n.t(titleKey), message });
}
