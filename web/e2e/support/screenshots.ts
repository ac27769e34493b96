import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, startShop } from './shop';

/**
 * Screenshots of the shell's pages and modals at 1280 px and 390 px, for looking at (not a test):
 * `node --import tsx e2e/support/screenshots.ts /tmp/shots`.
 */
const outDir = process.argv[2] ?? join(process.cwd(), 'screenshots');
mkdirSync(outDir, { recursive: true });

const ANONYMOUS = ['/login/', '/about/', '/about/faq/', '/about/video-guide/', '/about/cookie-policy/', '/about/privacy/', '/about/terms/', '/no-such-page/', '/about/e2e-crash/'];

const shop = await startShop({ webEnv: { E2E_HOOKS: '1' } });
const shot = (page: Page, label: string, name: string) => page.screenshot({ path: join(outDir, `${label}-${name}.png`) });
try {
  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    const page = await shop.newPage({ viewport, allowConsoleErrors: [/.*/] });
    await page.goto('/login/');
    await shot(page, label, 'consent');
    await page.getByRole('button', { name: 'Necessary only' }).click();
    for (const path of ANONYMOUS) {
      await page.goto(path);
      await shot(page, label, `anon${path.replace(/\W+/g, '_')}`);
    }
    await page.goto('/about/');
    await page.getByRole('button', { name: 'Help' }).first().click().catch(async () => {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Help' }).click();
    });
    await page.getByRole('heading', { name: 'Getting started' }).waitFor();
    await shot(page, label, 'help-modal');
    await page.goto('/login/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await shot(page, label, 'login-required');
    await shop.signIn(page, 'multi@example.com');
    await shot(page, label, 'multi-select');
    const input = page.getByLabel('Account', { exact: true });
    await input.focus();
    await input.press('ArrowDown');
    await shot(page, label, 'multi-select-open');
    await page.getByRole('option', { name: /0000410002/ }).click();
    await shot(page, label, 'multi-range-question');
    await page.getByRole('button', { name: 'Order Dairy' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('.header-sub .switcher-button').waitFor();
    await shot(page, label, 'multi-home');
    await page.goto('/about/faq/');
    await shot(page, label, 'multi-faq');
    await page.locator('.header-sub .switcher-button').click();
    await page.getByRole('dialog', { name: 'Switch accounts' }).getByLabel('Account', { exact: true }).waitFor();
    await shot(page, label, 'multi-switcher');
    await page.keyboard.press('Escape');
    if (label === 'phone') {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Shop Dairy' }).click();
      await page.waitForTimeout(400);
      await shot(page, label, 'mobile-menu');
      await page.keyboard.press('Escape');
    } else {
      await page.getByRole('button', { name: 'My account' }).click();
      await shot(page, label, 'my-account-menu');
    }
  }
  await shop.finishTest();
} finally {
  await shop.close();
}
