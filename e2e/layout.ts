import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What runs past its box horizontally: the page wider than the viewport, or an element inside `root`
 * reaching past the screen or past the scrolling box it sits in (a dialog body), such as a copy row
 * and its icon leaving their card. Content meant to be wider is allowed: inside a horizontal
 * scroller (`overflow-x-auto`: the store tabs) or a clipping box (`overflow-hidden`: carousels).
 */
export async function horizontalOverflow(page: Page, root: Locator | null = null) {
  const handle = root ? await root.elementHandle() : null;
  return page.evaluate((rootElement) => {
    const offenders: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) offenders.push(`page: ${doc.scrollWidth} > ${doc.clientWidth}`);
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const intendedlyWide = (element: Element) => {
      const style = getComputedStyle(element);
      return (
        style.overflowX === 'hidden' ||
        style.overflowX === 'clip' ||
        /\boverflow-x-(auto|scroll)\b/.test(element.getAttribute('class') ?? '')
      );
    };
    for (const element of Array.from((rootElement ?? document.body).querySelectorAll<HTMLElement>('*'))) {
      if (element.closest('svg')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'inline' || style.display === 'contents' || style.visibility === 'hidden') continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      let left = 0;
      let right = doc.clientWidth;
      let skip = false;
      for (let node = element.parentElement; node; node = node.parentElement) {
        if (intendedlyWide(node)) {
          skip = true;
          break;
        }
        if (getComputedStyle(node).overflowX !== 'visible') {
          // A vertical scroller (its x axis computes to auto): the content must fit its width.
          const box = node.getBoundingClientRect();
          left = Math.max(left, box.left + node.clientLeft);
          right = Math.min(right, box.left + node.clientLeft + node.clientWidth);
          break;
        }
      }
      if (skip) continue;
      if (rect.right > right + 1 || rect.left < left - 1) {
        offenders.push(
          `${describe(element)}: [${Math.round(rect.left)}, ${Math.round(rect.right)}] outside [${Math.round(left)}, ${Math.round(right)}]`,
        );
      }
    }
    return offenders.slice(0, 10);
  }, handle);
}

export async function expectNoHorizontalOverflow(page: Page, what: string, root: Locator | null = null) {
  expect(await horizontalOverflow(page, root), `horizontal overflow on ${what}`).toEqual([]);
}

/** Whether an input's placeholder fits its text box (the browser cuts it without a trace in the DOM). */
export function placeholderFits(input: Locator) {
  return input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const textWidth = context.measureText(element.placeholder).width;
    const box = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { fits: textWidth <= box, textWidth: Math.round(textWidth), box: Math.round(box) };
  });
}
