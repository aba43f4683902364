import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Avatar, Burger, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { BACK_OFFICE_MAX_ROLE, LANGS } from '@isik/domain';
import { IconCheck, IconChevronDown, IconLanguage, IconLock, IconLogin, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LANGUAGE_LABELS, currentLang, setLanguage, toolsDictionariesReady } from '../../i18n';
import { isOpenPath } from '../../lib/open-paths';
import { displayName, useLogout, useSession } from '../../lib/session';
import { DeferredMenu, DeferredTooltip } from '../../components/deferred/deferred-floating';
import { BrandMark } from './brand-mark';
import { initials } from './user-panel';

// Signed-in tools come in their own chunk: the public area (/web, /login) never loads them.
// Their texts come with them (in the public entry they are not in its first dictionary: i18n/first-render.ts).
const BackOfficeTools = lazy(() => Promise.all([import('./back-office-tools'), toolsDictionariesReady()]).then(([m]) => m));
// Everyone signed in changes their own password here (DECISIONS 2), roles 4-7 too, who have no back-office profile.
const PasswordChangeModal = lazy(() => Promise.all([import('../../features/users/components/password-change-modal'), toolsDictionariesReady()]).then(([m]) => ({ default: m.PasswordChangeModal })));

export interface HeaderBarProps {
  /** Null when the page has no navbar (login, order tracking): no burger then. */
  nav: null | {
    mobileOpened: boolean;
    desktopOpened: boolean;
    toggleMobile: () => void;
    toggleDesktop: () => void;
  };
  onOpenSettings: () => void;
}

export function HeaderBar({ nav, onOpenSettings }: HeaderBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const session = useSession();
  const lang = currentLang();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const signedIn = session.status === 'successful';
  // Spec 2.3: the user menu needs a role and a status other than failed.
  const hasUserMenu = session.role !== null && session.status !== 'failed' && signedIn;
  // Spec 2.2: the logout icon only with a successful session and an e-mail.
  const showLogout = signedIn && Boolean(session.email);
  const name = displayName(session.user);
  // The public area (catalogue, sign-in) is not the back office: no 'Yönetim paneli' subtitle, no settings gear.
  const publicArea = isOpenPath(useLocation().pathname);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {nav && (
          <>
            <Burger opened={nav.mobileOpened} onClick={nav.toggleMobile} hiddenFrom="md" size="sm" aria-label={t('shell.toggleMenu')} color="currentColor" />
            <Burger opened={nav.desktopOpened} onClick={nav.toggleDesktop} visibleFrom="md" size="sm" aria-label={t('shell.toggleMenu')} color="currentColor" />
          </>
        )}
        <UnstyledButton component={Link} to={signedIn ? '/' : '/web'} c="inherit" style={{ minWidth: 0 }}>
          <Group gap={8} wrap="nowrap">
            <BrandMark size={30} />
            <Text fw={800} size="lg" style={{ whiteSpace: 'nowrap' }}>{t('app.name')}</Text>
            {!publicArea && <Text size="sm" c="dimmed" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }} data-testid="app-tagline">{t('app.tagline')}</Text>}
          </Group>
        </UnstyledButton>
      </Group>

      <Group gap={6} wrap="nowrap">
        <DeferredMenu
          position="bottom-end"
          withArrow
          shadow="md"
          target={
            <Button variant="subtle" color="gray" c="inherit" px={8} leftSection={<IconLanguage size={18} />} rightSection={<IconChevronDown size={14} />}
              // The accessible name holds the visible text (WCAG 2.5.3): 'Dil: Türkçe (TR)'.
              aria-label={`${t('shell.language')}: ${LANGUAGE_LABELS[lang]} (${lang.toUpperCase()})`}>
              <Text span size="sm" visibleFrom="sm">{LANGUAGE_LABELS[lang]}</Text>
              <Text span size="sm" hiddenFrom="sm" tt="uppercase">{lang}</Text>
            </Button>
          }
        >
          {(Menu) => (
            <>
              <Menu.Label>{t('shell.language')}</Menu.Label>
              {LANGS.map((l) => (
                <Menu.Item key={l} onClick={() => void setLanguage(l)} rightSection={l === lang ? <IconCheck size={14} /> : null} lang={l}>
                  {LANGUAGE_LABELS[l]}
                </Menu.Item>
              ))}
            </>
          )}
        </DeferredMenu>

        {signedIn && (
          <Suspense fallback={null}>
            <BackOfficeTools />
          </Suspense>
        )}

        {!publicArea && (
          <DeferredTooltip label={t('settings.title')}>
            <ActionIcon variant="subtle" color="gray" c="inherit" size="lg" onClick={onOpenSettings} aria-label={t('settings.title')}>
              <IconSettings size={20} />
            </ActionIcon>
          </DeferredTooltip>
        )}

        <DeferredMenu
          position="bottom-end"
          withArrow
          shadow="md"
          target={
            <UnstyledButton aria-label={`${t('shell.userMenu')}: ${name}`} c="inherit" px={4}>
              <Group gap={6} wrap="nowrap">
                <Avatar src={hasUserMenu ? session.user?.user_img || null : null} radius="xl" size={32} color="blue" variant={hasUserMenu ? 'filled' : 'light'}>
                  {hasUserMenu ? initials(name) : null}
                </Avatar>
                <Text size="sm" fw={600} visibleFrom="lg" maw={160} truncate="end">{name}</Text>
                <IconChevronDown size={14} />
              </Group>
            </UnstyledButton>
          }
        >
          {(Menu) => hasUserMenu ? (
              <>
                <Menu.Label>{session.email}</Menu.Label>
                {session.role !== null && session.role <= BACK_OFFICE_MAX_ROLE && (
                  <Menu.Item component={Link} to="/profile" leftSection={<IconUserCircle size={16} />}>{t('shell.profile')}</Menu.Item>
                )}
                <Menu.Item leftSection={<IconLock size={16} />} onClick={() => setPasswordOpen(true)}>{t('shell.changePassword')}</Menu.Item>
                <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>{t('shell.signOut')}</Menu.Item>
              </>
            ) : (
              <Menu.Item component={Link} to="/login" leftSection={<IconLogin size={16} />}>{t('shell.signIn')}</Menu.Item>
            )}
        </DeferredMenu>
        {passwordOpen && session.user && (
          <Suspense fallback={null}>
            <PasswordChangeModal opened onClose={() => setPasswordOpen(false)} userId={session.user._id} userName={name} />
          </Suspense>
        )}

        {showLogout ? (
          <DeferredTooltip label={t('shell.signOut')}>
            <ActionIcon variant="subtle" color="gray" c="inherit" size="lg" onClick={() => void logout()} aria-label={t('shell.signOut')} data-testid="logout-icon">
              <IconLogout size={20} />
            </ActionIcon>
          </DeferredTooltip>
        ) : (
          <DeferredTooltip label={t('shell.signIn')}>
            <ActionIcon variant="subtle" color="gray" c="inherit" size="lg" onClick={() => void navigate('/login')} aria-label={t('shell.signIn')} data-testid="login-icon">
              <IconLogin size={20} />
            </ActionIcon>
          </DeferredTooltip>
        )}
      </Group>
    </Group>
  );
}
