// Mantine's floating components, in a chunk of their own (deferred-floating.tsx loads it after the first render).
export { Menu, Popover, Tooltip } from '@mantine/core';
