// The least a page can download with the web client's prescribed stack (ARCHITECTURE.md: React 19, React Router,
// TanStack Query, Mantine, react-i18next), measured so the first-download budgets can be judged against it.
//
// `npx tsx bench/bundle-floor.ts` bundles a bare sign-in form (no app code, no dictionary, no session, no header)
// with esbuild, minified for production, and prints its gzipped JavaScript plus the Mantine stylesheets such a form
// needs, then what each library adds on its own. `npm run bench` prints it after the per-route sizes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = path.join(ROOT, 'node_modules');

/** The stylesheets a sign-in form with Mantine needs: the base ones and its components'. */
const FORM_STYLES = ['baseline', 'default-css-variables', 'global', 'UnstyledButton', 'Paper', 'Input', 'InlineInput', 'Checkbox', 'Button', 'Title', 'Anchor', 'Stack', 'PasswordInput', 'Loader', 'Text'];

const PARTS: Record<string, string> = {
  react: `import { createRoot } from 'react-dom/client'; createRoot(document.body).render(null);`,
  router: `import { createBrowserRouter, RouterProvider, Link } from 'react-router'; export { createBrowserRouter, RouterProvider, Link };`,
  query: `import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'; export { QueryClient, QueryClientProvider, useQuery };`,
  i18n: `import i18next from 'i18next'; import { initReactI18next, useTranslation } from 'react-i18next'; i18next.use(initReactI18next).init({ lng: 'tr', resources: {} }); export { useTranslation };`,
  mantine: `import { MantineProvider, Button, TextInput, PasswordInput, Checkbox, Paper, Title, Anchor, Stack } from '@mantine/core'; export { MantineProvider, Button, TextInput, PasswordInput, Checkbox, Paper, Title, Anchor, Stack };`,
};

const LOGIN = `
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, Link } from 'react-router';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { MantineProvider, Button, TextInput, PasswordInput, Checkbox, Paper, Title, Anchor, Stack } from '@mantine/core';
i18next.use(initReactI18next).init({ lng: 'tr', resources: {} });
const client = new QueryClient();
function Login() {
  const { t } = useTranslation();
  const login = useMutation({ mutationFn: () => fetch('/api/auth/login', { method: 'POST' }) });
  return (
    <Paper><Stack>
      <Title>{t('auth.title')}</Title>
      <TextInput label={t('auth.email')} /><PasswordInput label={t('auth.password')} /><Checkbox label={t('auth.remember')} />
      <Button loading={login.isPending} onClick={() => login.mutate()}>{t('auth.submit')}</Button>
      <Anchor component={Link} to="/forgotpassword">{t('auth.forgot')}</Anchor>
    </Stack></Paper>
  );
}
const router = createBrowserRouter([{ path: '/login', element: <Login /> }]);
createRoot(document.getElementById('root')!).render(
  <MantineProvider><QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider></MantineProvider>,
);
`;

/** The public entry's runtime (ADR 0030): React and React DOM served by Preact's compatibility layer. */
const PREACT = {
  react: path.join(MODULES, 'preact', 'compat', 'dist', 'compat.module.js'),
  'react-dom': path.join(MODULES, 'preact', 'compat', 'dist', 'compat.module.js'),
  'react-dom/client': path.join(MODULES, 'preact', 'compat', 'client.mjs'),
  'react/jsx-runtime': path.join(MODULES, 'preact', 'jsx-runtime', 'dist', 'jsxRuntime.module.js'),
};

async function gzippedBundle(source: string, preact = false): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isik-floor-'));
  try {
    const entry = path.join(dir, 'entry.tsx');
    fs.writeFileSync(entry, source);
    const out = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      write: false,
      format: 'esm',
      jsx: 'automatic',
      nodePaths: [MODULES],
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      // The production build of React Router, as vite.config.ts takes it.
      alias: { ...(preact ? PREACT : {}), 'react-router': path.join(MODULES, 'react-router', 'dist', 'production', 'index.mjs') },
    });
    return gzipSync(out.outputFiles[0].contents, { level: 9 }).length;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface BundleFloor { loginKib: number; cssKib: number; totalKib: number; parts: Record<string, number>; preactTotalKib: number }

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export async function measureFloor(): Promise<BundleFloor> {
  const css = FORM_STYLES.map((name) => fs.readFileSync(path.join(MODULES, '@mantine', 'core', 'styles', `${name}.layer.css`))).reduce((a, b) => Buffer.concat([a, b]));
  const loginKib = kib(await gzippedBundle(LOGIN));
  const cssKib = kib(gzipSync(css, { level: 9 }).length);
  const preactTotalKib = Math.round((kib(await gzippedBundle(LOGIN, true)) + cssKib) * 10) / 10;
  // React alone, then what each library adds to it (each imports React; the router React DOM too).
  const react = await gzippedBundle(PARTS.react);
  const parts: Record<string, number> = { react: kib(react) };
  for (const [name, source] of Object.entries(PARTS)) {
    if (name !== 'react') parts[name] = kib((await gzippedBundle(`${PARTS.react}\n${source}`)) - react);
  }
  return { loginKib, cssKib, totalKib: Math.round((loginKib + cssKib) * 10) / 10, parts, preactTotalKib };
}

export async function floorReport(): Promise<BundleFloor> {
  const floor = await measureFloor();
  console.log('\nWeb client floor: a bare sign-in form on the prescribed stack (gzip)');
  console.log(`  JavaScript ${floor.loginKib} KiB + Mantine styles ${floor.cssKib} KiB = ${floor.totalKib} KiB, before any app code, dictionary or session`);
  console.log(`  React and React DOM, then what each adds: ${Object.entries(floor.parts).map(([k, v]) => `${k} ${v} KiB`).join(', ')}`);
  console.log(`  The same form on the public entry's runtime (Preact's compatibility layer, ADR 0030): ${floor.preactTotalKib} KiB`);
  return floor;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await floorReport();
}
