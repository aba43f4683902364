import { Avatar, type AvatarProps } from '@mantine/core';
import type { User } from '@isik/domain';

export function userInitials(user: Pick<User, 'firstname' | 'lastname' | 'email'>): string {
  const letters = [user.firstname, user.lastname].map((p) => p.trim().charAt(0).toLocaleUpperCase('tr')).join('');
  return letters || user.email.charAt(0).toLocaleUpperCase('tr');
}

// Stable per user, so the same person keeps the same colour on every page.
const COLORS = ['blue', 'cyan', 'teal', 'grape', 'indigo', 'orange', 'pink', 'violet'];

function colorOf(id: string): string {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return COLORS[h % COLORS.length];
}

export function UserAvatar({ user, ...rest }: { user: Pick<User, '_id' | 'firstname' | 'lastname' | 'email' | 'user_img'> } & AvatarProps) {
  return (
    <Avatar src={user.user_img || null} radius="xl" color={colorOf(user._id || user.email)} alt={`${user.firstname} ${user.lastname}`} {...rest}>
      {userInitials(user)}
    </Avatar>
  );
}
