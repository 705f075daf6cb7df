import { MSG, TOAST_DURATION_MS, TOAST_EXIT_MS } from '@ahente/contract/messages';
import { signIn, toast } from '../support/app.ts';
import { expect, PHONE, shot, test } from '../support/fixtures.ts';

/**
 * Toasts stay TOAST_DURATION_MS (3000 ms) and take TOAST_EXIT_MS (300 ms) to leave (decision 004).
 * The page's clock is paused and moved by hand, so the timing is exact and not flaky.
 */
test.beforeEach(async ({ page }) => {
  await page.clock.install({ time: new Date('2026-03-02T09:00:00+08:00') });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await page.clock.pauseAt(new Date('2026-03-02T09:00:10+08:00'));
  // Keep the pointer away from the notifications corner: hovering a toast pauses it.
  await page.mouse.move(5, 850);
});

test('a toast is shown for 3 s, then leaves within 300 ms', async ({ page }) => {
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const item = toast(page, MSG.forgotPassword);
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-state', 'open');

  await page.clock.runFor(2500);
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-state', 'open');

  await page.clock.runFor(TOAST_DURATION_MS - 2500 - 100); // 2.9 s
  await expect(item).toHaveAttribute('data-state', 'open');

  // 3.1 s: closed. Its 300 ms exit animation runs on the real clock, not the page's paused one,
  // so on a busy machine the toast may already be gone by the time this looks: either way it is
  // no longer open.
  await page.clock.runFor(200);
  await expect(item.and(page.locator('[data-state="open"]'))).toHaveCount(0);

  await page.clock.runFor(TOAST_EXIT_MS + 100); // 3.5 s: gone
  await expect(item).toHaveCount(0);
});

test('two toasts of different types stack, and each leaves on its own clock', async ({ page }) => {
  await page.getByRole('button', { name: 'Sign In' }).click();
  const error = toast(page, MSG.loginMissing);
  await expect(error).toHaveAttribute('data-type', 'error');
  await page.clock.runFor(1000);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const warning = toast(page, MSG.forgotPassword);
  await expect(warning).toHaveAttribute('data-type', 'warning');
  await expect(error).toBeVisible();

  await page.clock.runFor(TOAST_DURATION_MS + TOAST_EXIT_MS - 1000 + 200); // error at 3.5 s, warning at 2.5 s
  await expect(error).toHaveCount(0);
  await expect(warning).toBeVisible();
  await expect(warning).toHaveAttribute('data-state', 'open');

  await page.clock.runFor(1000); // warning at 3.5 s
  await expect(warning).toHaveCount(0);
});

test('hovering a toast keeps it; it leaves once the pointer moves away', async ({ page }) => {
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const item = toast(page, MSG.forgotPassword);
  await expect(item).toBeVisible();
  await page.clock.runFor(1000);
  await item.hover();
  await page.clock.runFor(5000);
  await expect(item).toHaveAttribute('data-state', 'open');

  await page.mouse.move(5, 850);
  await page.clock.runFor(TOAST_DURATION_MS + TOAST_EXIT_MS + 200);
  await expect(item).toHaveCount(0);
});

test('the dismiss button closes a toast at once', async ({ page }) => {
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const item = toast(page, MSG.forgotPassword);
  await item.getByRole('button', { name: 'Dismiss notification' }).click();
  await page.clock.runFor(TOAST_EXIT_MS + 100);
  await expect(item).toHaveCount(0);
});

test(
  'a toast never covers the page heading: at 1366 px and on a phone, at the bottom of the window',
  PHONE,
  async ({ page, agent, baseURL, context }, testInfo) => {
    // The clock of the other tests is not needed here: time runs again, so the app signs in as usual.
    await page.clock.resume();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    if (page.viewportSize()!.width >= 768) await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, agent);
    const heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
    await expect(heading).toBeVisible();

    await page.getByRole('region', { name: 'Your referral link' }).getByRole('button', { name: 'Copy link' }).click();
    const item = toast(page, MSG.referralCopied);
    await expect(item).toBeVisible();
    // Where it rests: after its 200 ms slide in from the right (caught mid-way after a page load).
    await item.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished.catch(() => undefined))));
    // The heading where the page opens: at the top, under the header.
    await page.evaluate(() => window.scrollTo(0, 0));
    const [h1, box, size] = [await heading.boundingBox(), await item.boundingBox(), page.viewportSize()!];
    expect(h1 && box).toBeTruthy();
    const overlaps =
      box!.x < h1!.x + h1!.width && h1!.x < box!.x + box!.width && box!.y < h1!.y + h1!.height && h1!.y < box!.y + box!.height;
    expect(overlaps, `toast ${JSON.stringify(box)} over the heading ${JSON.stringify(h1)}`).toBe(false);
    // And the toast is wholly in the window, below the header.
    expect(box!.y).toBeGreaterThanOrEqual(64);
    expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
    expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
    await shot(page, testInfo, 'toast-under-heading', { fullPage: false });
  },
);
