import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const REPO_DIR = resolve(WEB_DIR, '..');
/** E2E_API_DIR: run the API from another checkout (e.g. the last commit while the working tree is mid-edit). */
export const API_DIR = resolve(process.env.E2E_API_DIR ?? resolve(REPO_DIR, 'api'));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
