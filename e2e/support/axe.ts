import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/**
 * The axe-core scan of decision 009 (WCAG 2.0, 2.1 and 2.2, levels A and AA), shared by
 * a11y.spec.ts and language.spec.ts: `scan` collects what each scan finds, `check` fails once,
 * listing rule, place, element and what is wrong.
 */
export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * Three rules outside those tags, on too: every page has one main landmark and all content inside
 * landmarks (axe best practices), and a control's name contains its visible label (WCAG 2.5.3,
 * experimental in axe).
 */
const EXTRA_RULES = { 'landmark-one-main': { enabled: true }, region: { enabled: true }, 'label-content-name-mismatch': { enabled: true } };

export function scanner(page: Page, testInfo: TestInfo) {
  const found: { where: string; rule: string; impact: string; target: string; summary: string }[] = [];
  return {
    async scan(where: string, include?: string) {
      // A toast shown before the scan keeps its place during it: its timer is paused as a pointer resting
      // on the notifications does (Radix), so that it cannot start fading out half-way through axe's
      // contrast checks, which then read its text mid-fade (seen in CI: 1.36:1 on a toast). Not the
      // window's blur, which pauses toasts too but also closes an open menu.
      await hoverToasts(page, true);
      await settle(page);
      // Legacy mode runs axe.run in the page itself: the app has no frames, and the default mode
      // opens a blank page for every scan to combine the frames' results, which doubles the time.
      // Either way axe is injected through the DevTools protocol, which the page's CSP does not govern.
      let builder = new AxeBuilder({ page }).options({ rules: EXTRA_RULES }).withTags(TAGS).setLegacyMode();
      if (include) builder = builder.include(include);
      const { violations } = await builder.analyze().finally(() => hoverToasts(page, false));
      for (const v of violations) {
        for (const node of v.nodes) {
          found.push({
            where: `${page.viewportSize()?.width}px ${where}`,
            rule: v.id,
            impact: v.impact ?? '',
            target: node.target.join(' '),
            summary: (node.failureSummary ?? v.help).replace(/\s+/g, ' ').trim(),
          });
        }
      }
    },
    async check() {
      await testInfo.attach('axe-violations.json', { body: JSON.stringify(found, null, 2), contentType: 'application/json' });
      const counts = Object.entries(
        found.reduce<Record<string, number>>((acc, f) => ({ ...acc, [f.rule]: (acc[f.rule] ?? 0) + 1 }), {}),
      ).map(([rule, n]) => `${rule}: ${n}`);
      const list = found.map((f) => `- ${f.rule} (${f.impact}) at ${f.where}: ${f.target}\n    ${f.summary}`);
      expect(found, `${found.length} accessibility violations (${counts.join(', ')}):\n${list.join('\n')}`).toHaveLength(0);
    },
  };
}

/**
 * Waits until the page shows data, not placeholders, and no animation is running (contrast is read
 * mid-fade otherwise), and the layout's observers have answered: a table that has just grown wider
 * than its card becomes a focusable region a frame later (ui/table.tsx; axe read the scroll box
 * before it, once, on a busy machine: scrollable-region-focusable).
 */
export async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** A pointer resting on the notifications region (pauses every toast's timer) or leaving it. */
async function hoverToasts(page: Page, on: boolean) {
  await page.evaluate((on) => {
    const region = document.querySelector('[role="region"][aria-label^="Notifications"]');
    if (!region) return;
    if (on) region.querySelector('ol')?.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }));
    else region.dispatchEvent(new PointerEvent('pointerleave'));
  }, on);
}
