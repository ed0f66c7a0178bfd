import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** The widths every screen is photographed at: a laptop's and a phone's. */
export const PHOTO_WIDTHS = [1366, 390] as const;

export type Photograph = (page: Page, name: string) => Promise<void>;

/**
 * A camera for a journey: full-page pictures of a screen at desktop and phone widths, written to
 * `dir` as `<name>-<width>.png` for a person to look at. The page is left at 1366 px.
 * A screen wider than the window at either width fails the journey, naming what sticks out: a
 * page that scrolls sideways on a phone is broken whatever the picture looks like.
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
      const overflow = await sidewaysOverflow(page);
      if (overflow) throw new Error(`${name} at ${width} px scrolls sideways: ${overflow}`);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  };
}

/** What makes the page wider than its window, or null when nothing does. */
function sidewaysOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth <= width) return null;
    /** Inside a box that scrolls or clips sideways, an element past the window widens nothing. */
    const contained = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      }
      return false;
    };
    const outside = Array.from(document.body.querySelectorAll('*'))
      .filter((element) => element.getBoundingClientRect().right > width + 1 && !contained(element))
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`);
    return `${pageWidth} px wide; past the window: ${outside.join(', ')}`;
  });
}
