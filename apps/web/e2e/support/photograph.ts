import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** The widths every screen is photographed at: a laptop's and a phone's. */
export const PHOTO_WIDTHS = [1366, 390] as const;

export type Photograph = (page: Page, name: string) => Promise<void>;

/**
 * A camera for a journey: full-page pictures of a screen at desktop and phone widths, written to
 * `dir` as `<name>-<width>.png` for a person to look at. The page is left at 1366 px.
 */
export function photographer(dir: string): Photograph {
  return async (page, name) => {
    mkdirSync(dir, { recursive: true });
    for (const width of PHOTO_WIDTHS) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      // From the top: the sticky header and the fixed sidebar are drawn where the window is.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(250);
      await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  };
}
