import { forwardRef, useEffect, useState } from 'react';
import { ThemeIcon } from '@mantine/core';
import type { IconProps, TablerIcon } from '@tabler/icons-react';
import type { IconStyle } from '../../lib/settings';
/** With "icon colour" on, each group gets its own colour so a long menu is easier to scan. */
const GROUP_COLORS: Record<string, string> = {
  main: 'blue', company: 'indigo', product: 'yellow', offer: 'teal', buying: 'orange', order: 'cyan',
  production: 'grape', label: 'pink', iot: 'green', guest: 'blue',
};

type IconSet = typeof import('./menu-icon-set');
let iconSet: IconSet | null = null;
let loadingSet: Promise<IconSet> | null = null;

function useIconSet(): IconSet | null {
  const [set, setSet] = useState(iconSet);
  useEffect(() => {
    if (set) return;
    let live = true;
    loadingSet ??= import('./menu-icon-set').then((m) => (iconSet = m));
    void loadingSet.then((m) => {
      if (live) setSet(m);
    });
    return () => {
      live = false;
    };
  }, [set]);
  return set;
}

const glyphs = new Map<string, TablerIcon>();

/**
 * A menu glyph that draws an empty box of its size until the icon set has loaded: the menu's icons are not part of
 * the first download (ADR 0030), and nothing moves when they appear. One component per icon, so React keeps it.
 */
function menuGlyph(kind: 'item' | 'group', name: string): TablerIcon {
  const key = `${kind}:${name}`;
  let glyph = glyphs.get(key);
  if (!glyph) {
    glyph = forwardRef<SVGSVGElement, IconProps>(function MenuGlyph({ size = 24, stroke, color, ...rest }, ref) {
      const set = useIconSet();
      if (!set) return <svg ref={ref} width={size} height={size} aria-hidden="true" {...rest} />;
      const Icon = (kind === 'item' ? set.ITEM_ICONS[name] : set.GROUP_ICONS[name]) ?? set.IconPoint;
      return <Icon ref={ref} size={size} stroke={stroke} color={color} {...rest} />;
    }) as TablerIcon;
    glyphs.set(key, glyph);
  }
  return glyph;
}

export function itemIcon(name: string): TablerIcon {
  return menuGlyph('item', name);
}

export function groupIcon(key: string): TablerIcon {
  return menuGlyph('group', key);
}

export function groupColor(key: string): string {
  return GROUP_COLORS[key] ?? 'blue';
}

export interface MenuIconProps {
  icon: TablerIcon;
  /** A = outlined square, B = filled circle, C = the bare icon (settings panel). */
  variant: IconStyle;
  /** A Mantine colour name; null keeps the neutral look of "icon colour" off. */
  color: string | null;
  size?: number;
}

export function MenuIcon({ icon: Icon, variant, color, size = 28 }: MenuIconProps) {
  const glyph = Math.round(size * 0.6);
  if (variant === 'A') {
    return (
      <ThemeIcon variant="outline" size={size} radius="md" color={color ?? 'gray'} data-icon-style="A">
        <Icon size={glyph} stroke={1.7} />
      </ThemeIcon>
    );
  }
  if (variant === 'B') {
    return (
      <ThemeIcon variant="filled" size={size} radius="xl" color={color ?? 'blue'} data-icon-style="B">
        <Icon size={glyph} stroke={1.8} />
      </ThemeIcon>
    );
  }
  return (
    <Icon
      size={Math.round(size * 0.72)}
      stroke={1.6}
      data-icon-style="C"
      color={color ? `var(--mantine-color-${color}-filled)` : 'currentColor'}
    />
  );
}
