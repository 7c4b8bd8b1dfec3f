// Types of report-page-build.js (plain JavaScript, loaded by cli/bundle.js and Vite's config too).
import type { BuildOptions } from 'esbuild';

export declare const reportPageOptions: BuildOptions;
export declare const reportPageEntry: () => string;
export declare function buildReportPage(entry?: string): Promise<string>;
