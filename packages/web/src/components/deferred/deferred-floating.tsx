import { cloneElement, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import type { MenuProps, TooltipProps } from '@mantine/core';

type Floating = typeof import('./floating');

let loaded: Floating | null = null;
let loading: Promise<Floating> | null = null;

/** Loads the floating components' chunk once (Floating UI, Menu, Tooltip: about 30 KiB gzipped). */
export function loadFloating(): Promise<Floating> {
  loading ??= import('./floating').then((m) => (loaded = m));
  return loading;
}

/**
 * The floating components for the shell (top bar, menu, user panel): nothing on screen needs them before the first
 * render, so the first download leaves them out (ADR 0030) and they load right after it.
 */
function useFloating(): Floating | null {
  const [floating, setFloating] = useState<Floating | null>(loaded);
  useEffect(() => {
    if (floating) return;
    let live = true;
    void loadFloating().then((m) => {
      if (live) setFloating(m);
    });
    return () => {
      live = false;
    };
  }, [floating]);
  return floating;
}

/** Mantine's Tooltip once its code is in; until then the target alone (a tooltip only shows on hover). */
export function DeferredTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactElement }) {
  const floating = useFloating();
  if (!floating) return children;
  return <floating.Tooltip {...props}>{children}</floating.Tooltip>;
}

export interface DeferredMenuProps extends Omit<MenuProps, 'children'> {
  /** The button that opens the menu. */
  target: ReactElement<{ onClick?: () => void }>;
  /** The dropdown's content, built with the loaded Menu (Menu.Item, Menu.Label). */
  children: (menu: Floating['Menu']) => ReactNode;
}

/**
 * Mantine's Menu once its code is in. A click on the target before that opens the menu as soon as it has loaded,
 * so no click is lost.
 */
export function DeferredMenu({ target, children, ...props }: DeferredMenuProps) {
  const floating = useFloating();
  const [clicked, setClicked] = useState(false);
  if (!floating) return cloneElement(target, { onClick: () => setClicked(true) });
  const { Menu } = floating;
  return (
    <Menu {...props} defaultOpened={clicked || props.defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>{children(Menu)}</Menu.Dropdown>
    </Menu>
  );
}

/**
 * Any of the floating components (Menu, Popover, Tooltip) once their code is in; until then `fallback`, which should
 * look the same closed (the target alone). For a popover whose opening the caller keeps in its own state.
 */
export function WithFloating({ fallback, children }: { fallback: ReactNode; children: (floating: Floating) => ReactNode }) {
  const floating = useFloating();
  return floating ? children(floating) : fallback;
}
