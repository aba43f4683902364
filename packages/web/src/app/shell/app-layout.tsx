import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { AppShell, Center, Loader } from '@mantine/core';
import { useDisclosure, useHeadroom, useMediaQuery } from '@mantine/hooks';
import { menuForRole } from '@isik/domain';
import { isRegisteredRoute } from '../../lib/routing';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { useSettings } from '../../lib/settings';
import { HeaderBar } from './header-bar';
import { NavMenu } from './nav-menu';
import { UserPanel } from './user-panel';
import classes from './app-layout.module.css';

// The settings panel is fetched the first time it is opened.
const SettingsDrawer = lazy(() => import('./settings-drawer').then((m) => ({ default: m.SettingsDrawer })));

/**
 * A performance mark at the first commit of a page (shell and screen together), before any effect of that commit
 * runs: bench/first-render.ts counts what was fetched before it (ADR 0030).
 */
export const FIRST_RENDER_MARK = 'isik-first-render';
let firstRenderMarked = false;

/** Pages that show no menu (spec 000 2.2): the login screen and the customer's order tracking. */
export function hidesMenu(pathname: string): boolean {
  return pathname === '/login' || pathname.startsWith('/ordertracking/');
}

/** The shell of every page: top bar, role menu with the user panel, settings panel (spec 000 2.2, 2.3). */
export function AppLayout() {
  const { pathname } = useLocation();
  const settings = useSettings();
  useLayoutEffect(() => {
    if (firstRenderMarked || typeof performance === 'undefined') return;
    firstRenderMarked = true;
    performance.mark(FIRST_RENDER_MARK);
  }, []);
  const status = useSession((s) => s.status);
  const role = useSession((s) => s.role);
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const [settingsOpened, settingsDrawer] = useDisclosure(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  useEffect(() => {
    if (settingsOpened) setSettingsLoaded(true);
  }, [settingsOpened]);
  // With "fixed navbar" off the header slides away while scrolling down and returns on the way up.
  const pinned = useHeadroom({ fixedAt: 120 });
  const isDesktop = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

  const signedIn = status === 'successful';
  const groups = useMemo(
    () =>
      menuForRole(signedIn ? role : null)
        // A signed-in dealer or customer (roles 4-7) gets the visitor menu, but has no use for "Login".
        .map((g) => ({ ...g, items: g.items.filter((i) => !(signedIn && i.to === '/login') && isRegisteredRoute(i.to)) }))
        .filter((g) => g.items.length > 0),
    [signedIn, role],
  );

  const showNav = !hidesMenu(pathname);
  const mini = settings.darkMinSidebar && isDesktop;
  const navDark = settings.darkSidebar || settings.darkMinSidebar;
  const headerTone = settings.gradientColor ? 'gradient' : settings.darkHeader ? 'dark' : undefined;
  const darkScheme = { 'data-mantine-color-scheme': 'dark' } as Record<string, string>;

  return (
    <AppShell
      header={{ height: 60, collapsed: !settings.fixedNavbar && !pinned }}
      navbar={showNav ? { width: mini ? 84 : 280, breakpoint: 'md', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } } : undefined}
      padding="md"
      className={settings.boxLayout ? classes.boxed : undefined}
      classNames={{ header: classes.header, navbar: classes.navbar, main: classes.main }}
      data-testid="app-shell"
    >
      <AppShell.Header data-tone={headerTone} {...(headerTone ? darkScheme : {})}>
        <HeaderBar
          nav={showNav ? { mobileOpened, desktopOpened, toggleMobile: mobile.toggle, toggleDesktop: desktop.toggle } : null}
          onOpenSettings={settingsDrawer.open}
        />
      </AppShell.Header>

      {showNav && (
        <AppShell.Navbar data-tone={navDark ? 'dark' : undefined} data-gradient={settings.gradientColor || undefined} {...(navDark ? darkScheme : {})}>
          <AppShell.Section className={classes.userPanel}>
            <UserPanel mini={mini} onGradient={settings.gradientColor} />
          </AppShell.Section>
          {/* The browser's own scrolling: Mantine's ScrollArea would add 5 KiB to every page's first download (ADR 0030). */}
          <AppShell.Section grow px={mini ? 4 : 'sm'} style={{ overflowY: 'auto' }}>
            <NavMenu groups={groups} settings={settings} mini={mini} onNavigate={mobile.close} />
          </AppShell.Section>
        </AppShell.Navbar>
      )}

      <AppShell.Main>
        <Suspense fallback={<Center h={240}><Loader /></Center>}>
          <Outlet />
        </Suspense>
      </AppShell.Main>

      {(settingsOpened || settingsLoaded) && (
        <Suspense fallback={null}>
          <SettingsDrawer opened={settingsOpened} onClose={settingsDrawer.close} />
        </Suspense>
      )}
    </AppShell>
  );
}
