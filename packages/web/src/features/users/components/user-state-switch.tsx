import { Switch, Tooltip } from '@mantine/core';
import type { User } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/api';
import { bodyOf, useUpdateUser } from '../api/users-api';

export interface UserStateSwitchProps {
  user: User;
  /**
   * Why the server will refuse a change (yourself, a user of your own or a more privileged role): the switch is
   * then disabled and the reason shown as its tooltip.
   */
  lockedReason?: string;
}

/** The list's active toggle: saves at once with the row's version; a refusal shows the server's message. */
export function UserStateSwitch({ user, lockedReason }: UserStateSwitchProps) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  // Show the new state from the click until the refetched row carries it (no flicker back).
  const sent = update.variables;
  const showSent = sent && sent.id === user._id && sent.version === user.__v && (update.isPending || update.isSuccess);
  const checked = showSent ? Boolean(sent.body.userstate) : user.userstate;
  const label = checked ? t('users.state.active') : t('users.state.inactive');

  const toggle = (next: boolean) => {
    update.mutate(
      { id: user._id, body: { ...bodyOf(user), userstate: next }, version: user.__v },
      {
        onSuccess: () => notifySuccess('users.notice.updated'),
        onError: (err) => notifyError(err),
      },
    );
  };

  const control = (
    <Switch
      checked={checked}
      onChange={(e) => toggle(e.currentTarget.checked)}
      disabled={update.isPending || Boolean(lockedReason)}
      color="teal"
      aria-label={`${t('users.fields.active')}: ${user.firstname} ${user.lastname}`}
      title={lockedReason ? undefined : label}
      data-testid="user-state"
    />
  );
  return lockedReason ? (
    <Tooltip label={lockedReason} withArrow multiline maw={260}>
      <span style={{ display: 'inline-flex' }}>{control}</span>
    </Tooltip>
  ) : control;
}
