/**
 * Output files (--out, --final-state, --summaries) are opened before any work, so a path that
 * cannot be written is said at once — with the path and the reason in words — and not after an
 * hour of games, nor as "a bug in Grimoire".
 */
import { closeSync, existsSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from './usage-error.ts';
import { t } from '../i18n/format.ts';

/** The reason a file operation failed, in words, for the codes a user's path can cause. */
export function fileProblem(e: unknown, path: string, doing: 'write' | 'use'): string | null {
  const code = (e as { code?: unknown }).code;
  switch (code) {
    case 'ENOENT':
      if (doing === 'use') return 'no such file or folder';
      return existsSync(dirname(path)) ? 'no file can be created there' : `the folder ${dirname(path)} does not exist`;
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'EISDIR':
      return 'it is a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'the disk quota is exceeded';
    case 'ENAMETOOLONG':
      return 'the name is too long';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    default:
      return typeof code === 'string' && code.startsWith('E') ? (e as Error).message : null;
  }
}

/** Creates (or empties) the file now; throws a UsageError naming the option, the path and the reason. */
export function claimOutputFile(option: string, path: string | undefined): void {
  if (path === undefined) return;
  if (path === '') throw new UsageError(t('cli.options.needs-a-file-name', { option }));
  try {
    closeSync(openSync(path, 'w'));
  } catch (e) {
    const why = fileProblem(e, path, 'write');
    if (why === null) throw e;
    throw new UsageError(t('cli.options.cannot-write', { option, path, why }), false);
  }
}
