/**
 * The phone the benches emulate, the same on every machine (decision 014, issue 49): Lighthouse's
 * `benchmarkIndex` of the host, read in the benches' own Chromium before measuring, chooses the CPU
 * slowdown that brings this host down to one reference mid-range Android phone, as Lighthouse's
 * throttling documentation describes ("Calibrating the CPU slowdown"). The fixed 4× of earlier
 * figures is kept beside it, as a second line.
 *
 * The reference: Lighthouse's fixed 4× is meant to bring a high-end desktop (benchmarkIndex
 * 1,500–2,000) into the mid-tier mobile bracket (125–800); from that bracket's middle desktop,
 * 1,750 / 4 ≈ 440. A host at 880 is slowed 2×, one at 1,760 4×, one at 440 or below not at all.
 *
 *   npx tsx bench/calibration.ts        # prints this host's index and multiplier
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/** The benchmarkIndex of the phone every bench emulates. */
export const REFERENCE_PHONE_INDEX = 440;
export const REFERENCE_PHONE = `a mid-range Android phone (benchmarkIndex ${REFERENCE_PHONE_INDEX})`;
/** The slowdown of the figures before calibration (Lighthouse's default), printed beside. */
export const FIXED_SLOWDOWN = 4;

export interface Calibration {
  /** The host's benchmarkIndex (median of the runs) and each run's. */
  index: number;
  runs: number[];
  /** The CPU slowdown that emulates the reference phone on this host (1 at least, one decimal). */
  multiplier: number;
}

export function slowdownFor(index: number): number {
  return Math.max(1, Math.round((index / REFERENCE_PHONE_INDEX) * 10) / 10);
}

/**
 * Lighthouse's own benchmark (core/lib/page-functions.js, the one its reports print as
 * "CPU/Memory Power"), run `runs` times in an unthrottled page of the benches' Chromium; the median.
 */
export async function calibrate(page: Page, runs = 3): Promise<Calibration> {
  const source = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
  const values: number[] = [];
  for (let i = 0; i < runs; i++) values.push(Math.round(await page.evaluate<number>(source)));
  const sorted = values.slice().sort((a, b) => a - b);
  const index = sorted[Math.floor(sorted.length / 2)]!;
  return { index, runs: values, multiplier: slowdownFor(index) };
}

export function describeCalibration(c: Calibration): string {
  return `host benchmarkIndex ${c.index} (runs ${c.runs.join(', ')}): CPU ${c.multiplier}× slower emulates ${REFERENCE_PHONE}; fixed ${FIXED_SLOWDOWN}× beside it`;
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const { chromium } = await import('@playwright/test');
  const { CHROMIUM_ARGS } = await import('../e2e/support/env.ts');
  const { CHROMIUM } = await import('./browser.ts');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto('about:blank');
    console.log(describeCalibration(await calibrate(page, 5)));
  } finally {
    await browser.close();
  }
}
