import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const REPO_DIR = resolve(WEB_DIR, '..');
/** E2E_API_DIR: run the API from another checkout (e.g. the last commit while the working tree is mid-edit). */
export const API_DIR = resolve(process.env.E2E_API_DIR ?? resolve(REPO_DIR, 'api'));
/**
 * Debian's headless shell (package chromium-headless-shell) where installed: the same engine without the desktop
 * browser around it, a seventh less time per browser file here (docs/testing.md); else the full browser.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
