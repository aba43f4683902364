import type { Plugin } from 'vite';

/**
 * Mantine's stylesheets, in the order Mantine's documentation gives for importing them one by one: the global
 * styles, then the components that other components build on. Every page loads these (about 9 KiB gzipped instead
 * of the whole 31 KiB stylesheet); the other components' styles travel with the chunks that use them (below).
 */
export const MANTINE_BASE_STYLES = [
  'baseline',
  // Not 'default-css-variables' (3.7 KiB): MantineProvider writes every theme variable itself (deduplicateCssVariables
  // off in app/providers.tsx), so the stylesheet would only repeat them (ADR 0030).
  'global',
  'ScrollArea',
  'UnstyledButton',
  'VisuallyHidden',
  'Paper',
  'Popover',
  'CloseButton',
  'Group',
  'Loader',
  'Overlay',
  'ModalBase',
  'Input',
  'InlineInput',
  'Flex',
  'FloatingIndicator',
] as const;

const BASE = new Set<string>(MANTINE_BASE_STYLES);
const VIRTUAL = 'virtual:mantine-styles';
const RESOLVED = '\0mantine-styles';
/** Each Mantine component reads its class names from `<Name>.module.css.mjs`; its stylesheet is `styles/<Name>.layer.css`. */
const CLASS_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.css\.mjs$/;

/**
 * A component's styles come with the component (ADR 0018, issue 12). In a build, the module that holds a Mantine
 * component's class names also imports that component's stylesheet, so the CSS lands in whichever chunk uses the
 * component: the sign-in page no longer downloads the styles of tables, tabs, steppers and the rest.
 *
 * `virtual:mantine-styles` (imported once, by main.tsx) is the base list above in a build, and the whole stylesheet
 * on the dev server, whose pre-bundled dependencies this transform never sees.
 *
 * Every Mantine stylesheet is the `.layer.css` one (`@layer mantine`): our own CSS, unlayered, wins over Mantine's in
 * whatever order lazily loaded chunks add their styles to the page.
 */
export function mantineStyles(): Plugin {
  let build = false;
  return {
    name: 'isik-mantine-styles',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      if (!build) return `import '@mantine/core/styles.layer.css';\n`;
      return MANTINE_BASE_STYLES.map((name) => `import '@mantine/core/styles/${name}.layer.css';`).join('\n') + '\n';
    },
    transform(code, id) {
      if (!build) return null;
      const match = CLASS_MODULE.exec(id);
      if (!match || BASE.has(match[1])) return null;
      // After the module's own code: imports are hoisted, and this keeps its dependencies' styles first.
      return { code: `${code}\nimport '@mantine/core/styles/${match[1]}.layer.css';\n`, map: null };
    },
  };
}
