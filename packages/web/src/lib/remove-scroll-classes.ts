/**
 * What Mantine's AppShell header, footer and aside take from react-remove-scroll (vite.config.ts `appShellScrollClasses`):
 * the class that keeps a fixed bar clear of the scrollbar a modal hides. Importing the library for that one name put
 * all of it (about 5 KiB gzipped, the scroll lock of modals and drawers) into every page's first download; the modals
 * still load it with their own chunk. lib/remove-scroll-classes.test.ts checks the names against the library's.
 */
export const RemoveScroll = {
  classNames: { fullWidth: 'width-before-scroll-bar', zeroRight: 'right-scroll-bar-position' },
} as const;
