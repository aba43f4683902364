// The per-language domain messages (packages/web/domain-messages.ts makes them at build time).
declare module 'virtual:domain-messages/*' {
  const dict: { [key: string]: string | typeof dict };
  export default dict;
}

// Mantine's base stylesheets (packages/web/mantine-styles.ts).
declare module 'virtual:mantine-styles';

// Every screen's route pattern (packages/web/route-preloads.ts).
declare module 'virtual:app-route-patterns' {
  const patterns: string[];
  export default patterns;
}
