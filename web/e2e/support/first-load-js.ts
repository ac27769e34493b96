import type { Page } from 'playwright-core';
import { startShop } from './shop';

/**
 * Prints the JavaScript a first visit downloads (compressed bytes on the wire, as `next start` serves it) for the
 * home and sign-in pages: `node --import tsx e2e/support/first-load-js.ts`. Next 16's build no longer prints it.
 */
async function firstLoad(page: Page, path: string): Promise<{ files: number; bytes: number; raw: number }> {
  const sizes: Promise<{ bytes: number; raw: number }>[] = [];
  const listener = (response: import('playwright-core').Response) => {
    if (!response.url().endsWith('.js')) return;
    sizes.push(
      Promise.all([response.request().sizes(), response.body()]).then(([wire, body]) => {
        if (process.env.VERBOSE) console.log(`  ${response.url().split('/').at(-1)} ${wire.responseBodySize} ${body.length}`);
        return { bytes: wire.responseBodySize, raw: body.length };
      }),
    );
  };
  page.on('response', listener);
  await page.goto(path, { waitUntil: 'networkidle' });
  page.off('response', listener);
  const all = await Promise.all(sizes);
  return { files: all.length, bytes: all.reduce((sum, size) => sum + size.bytes, 0), raw: all.reduce((sum, size) => sum + size.raw, 0) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const shop = await startShop();
try {
  const report = async (label: string, page: Page, path: string) => {
    const size = await firstLoad(page, path);
    console.log(`${label.padEnd(28)} ${String(size.files).padStart(3)} files  ${kb(size.bytes).padStart(9)} compressed  ${kb(size.raw).padStart(9)} uncompressed`);
  };
  const anonymous = await shop.newPage();
  await report('/login/ (anonymous)', anonymous, '/login/');
  const fresh = await shop.newPage();
  await report('/ (anonymous)', fresh, '/');
  const signedIn = await shop.newPage();
  await shop.signIn(signedIn, 'solo@example.com');
  const cold = await shop.newPage();
  await cold.context().addCookies(await signedIn.context().cookies());
  await report('/ (signed in, cold cache)', cold, '/');
  await shop.finishTest();
} finally {
  await shop.close();
}
