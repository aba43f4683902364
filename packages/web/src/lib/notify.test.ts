import { beforeEach, describe, expect, it } from 'vitest';
import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { i18nReady, setLanguage } from '../i18n';
import { ApiError } from './http';
import { notifyError } from './notify';

const shown = () => notificationsStore.getState().notifications.map((n) => String(n.message));
const titles = () => notificationsStore.getState().notifications.map((n) => String(n.title));

describe('notifyError', () => {
  beforeEach(() => cleanNotifications());

  it('shows one notice for one failure even when a screen and the global handler both report it', () => {
    const err = new ApiError({ status: 400, statusText: 'Bad Request', message: 'Şifre en az 8 karakter olmalı!', code: 'password.min' });
    notifyError(err);
    notifyError(err);
    expect(shown()).toEqual(['Şifre en az 8 karakter olmalı!']);
  });

  it('shows each of two failures, even with the same text', () => {
    const make = () => new ApiError({ status: 409, statusText: 'Conflict', message: 'Kayıt değişmiş', code: 'error.conflict' });
    notifyError(make());
    notifyError(make());
    expect(shown()).toEqual(['Kayıt değişmiş', 'Kayıt değişmiş']);
  });

  it("titles a refused call in the reader's language, not with the English reason phrase (issue 23)", async () => {
    await i18nReady;
    const refuse = (status: number, statusText: string) => notifyError(new ApiError({ status, statusText, message: 'x', code: `http.${status}` }));
    refuse(409, 'Conflict');
    refuse(403, 'Forbidden');
    refuse(418, "I'm a teapot");
    expect(titles()).toEqual(['Çakışma', 'Yetkisiz işlem', 'Hata']);
    cleanNotifications();
    await setLanguage('es');
    refuse(409, 'Conflict');
    await setLanguage('en');
    refuse(404, 'Not Found');
    await setLanguage('tr');
    expect(titles()).toEqual(['Conflicto', 'Not found']);
  });
});
