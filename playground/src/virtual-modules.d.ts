// Modules made by the playground's Vite config (vite.config.ts), not files.

/** The HTML report's script (balance/report-page.ts bundled with Plot and d3), as text. */
declare module 'virtual:balance-report-page' {
  const script: string;
  export default script;
}
