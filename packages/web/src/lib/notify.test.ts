import { beforeEach, describe, expect, it } from 'vitest';
import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { ApiError } from './http';
import { notifyError } from './notify';

const shown = () => notificationsStore.getState().notifications.map((n) => String(n.message));

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
});
