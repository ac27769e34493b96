import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DESKTOP, PHONE, startShop } from './shop';

/**
 * Screenshots of the shell's pages at 1280 px and 390 px, for looking at (not a test):
 * `node --import tsx e2e/support/screenshots.ts /tmp/shots`.
 */
const outDir = process.argv[2] ?? join(process.cwd(), 'screenshots');
mkdirSync(outDir, { recursive: true });

const ANONYMOUS = ['/login/', '/about/', '/about/faq/', '/about/video-guide/', '/about/cookie-policy/', '/about/privacy/', '/about/terms/', '/no-such-page/'];
const SIGNED_IN = ['/', '/about/', '/account/select/'];

const shop = await startShop();
try {
  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    const page = await shop.newPage({ viewport });
    for (const path of ANONYMOUS) {
      await page.goto(path);
      await page.screenshot({ path: join(outDir, `${label}-anon-${path.replace(/\W+/g, '_')}.png`), fullPage: path === '/login/' });
    }
    await shop.signIn(page, 'multi@example.com');
    for (const path of SIGNED_IN) {
      await page.goto(path);
      await page.screenshot({ path: join(outDir, `${label}-multi-${path.replace(/\W+/g, '_')}.png`) });
    }
  }
  await shop.finishTest();
} finally {
  await shop.close();
}
