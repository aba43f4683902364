import { Divider, NavLink, Stack, UnstyledButton } from '@mantine/core';
import { DeferredTooltip } from '../../components/deferred/deferred-floating';
import type { MenuGroup } from '@isik/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { UiSettings } from '../../lib/settings';
import { MenuIcon, groupColor, groupIcon, itemIcon } from './menu-icons';
import classes from './app-layout.module.css';

export interface NavMenuProps {
  groups: MenuGroup[];
  settings: UiSettings;
  /** Icons only (the dark minimal sidebar). */
  mini: boolean;
  /** Called after a link is followed, so the mobile drawer can close. */
  onNavigate?: () => void;
}

function isActive(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

// Groups of one screen (dashboard, visitor links) read better as plain links than as a folder to open.
const FLAT_GROUPS = new Set(['main', 'guest']);

export function NavMenu({ groups, settings, mini, onNavigate }: NavMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const colorOf = (groupKey: string) => (settings.iconColor ? groupColor(groupKey) : null);

  if (mini) {
    return (
      <Stack gap={4} align="center" py="xs">
        {groups.map((group, gi) => (
          <Stack key={group.key} gap={4} align="center">
            {gi > 0 && <Divider w={40} my={4} />}
            {group.items.map((item) => (
              <DeferredTooltip key={item.key} label={t(`menu.${item.key}`)} position="right" withArrow>
                <UnstyledButton
                  component={Link}
                  to={item.to}
                  onClick={onNavigate}
                  className={classes.miniLink}
                  data-active={isActive(pathname, item.to) || undefined}
                  aria-label={t(`menu.${item.key}`)}
                >
                  <MenuIcon icon={itemIcon(item.icon)} variant={settings.menuIconStyle} color={colorOf(group.key)} size={30} />
                </UnstyledButton>
              </DeferredTooltip>
            ))}
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap={2} py="xs" component="nav" aria-label={t('shell.navigation')}>
      {groups.map((group) => {
        const links = group.items.map((item) => (
          <NavLink
            key={item.key}
            component={Link}
            to={item.to}
            onClick={onNavigate}
            label={t(`menu.${item.key}`)}
            active={isActive(pathname, item.to)}
            leftSection={
              <MenuIcon
                icon={itemIcon(item.icon)}
                variant={FLAT_GROUPS.has(group.key) ? settings.menuIconStyle : settings.submenuIconStyle}
                color={colorOf(group.key)}
                size={FLAT_GROUPS.has(group.key) ? 28 : 24}
              />
            }
            className={classes.navLink}
          />
        ));
        if (FLAT_GROUPS.has(group.key)) return links;
        return (
          <NavLink
            key={group.key}
            label={t(`menuGroup.${group.key}`)}
            leftSection={<MenuIcon icon={groupIcon(group.key)} variant={settings.menuIconStyle} color={colorOf(group.key)} />}
            defaultOpened={group.items.some((i) => isActive(pathname, i.to))}
            childrenOffset={18}
            className={classes.navLink}
          >
            {links}
          </NavLink>
        );
      })}
    </Stack>
  );
}
