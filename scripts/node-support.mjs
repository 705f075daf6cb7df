// Which Node.js `npm start` runs on, and whether it still gets security fixes (decision 002).

/**
 * The end of life of each Node.js release line, from Node's release schedule
 * (https://github.com/nodejs/Release#release-schedule): even lines are supported for 30 months as
 * LTS, odd ones for 8 months. Add the next line when it is released.
 */
export const NODE_END_OF_LIFE = {
  18: '2025-04-30',
  19: '2023-06-01',
  20: '2026-04-30',
  21: '2024-06-01',
  22: '2027-04-30',
  23: '2025-06-01',
  24: '2028-04-30',
  25: '2026-06-01',
  26: '2029-04-30',
};

/** The LTS line the README recommends and CI runs (.ci/run). */
export const RECOMMENDED_NODE = 24;

/** Days before its end of life that a line is said to be ending. */
const SOON_DAYS = 90;

/**
 * The line `npm start` prints about the Node.js it runs on, and a warning (or null) when that line
 * is past its end of life or within 90 days of it.
 * @param {string} version process.versions.node
 * @param {string | undefined} lts process.release.lts: the LTS line's code name, on an LTS release
 * @param {Date} today
 * @returns {{ line: string, warning: string | null }}
 */
export function nodeSupport(version, lts, today) {
  const major = Number(version.split('.')[0]);
  const end = NODE_END_OF_LIFE[/** @type {keyof typeof NODE_END_OF_LIFE} */ (major)];
  const kind = lts ? `LTS ${lts}` : major % 2 === 0 ? 'not an LTS release' : 'not an LTS line';
  const line = `Node.js v${version} (${kind}`;
  if (!end) return { line: `${line})`, warning: null };
  const daysLeft = Math.floor((Date.parse(`${end}T00:00:00Z`) - today.getTime()) / 86_400_000);
  const advice = `run the portal on Node.js ${RECOMMENDED_NODE} LTS (README, "Requirements")`;
  if (daysLeft <= 0) {
    return {
      line: `${line}, security fixes ended on ${end})`,
      warning: `Warning: Node.js ${major} reached its end of life on ${end} and gets no security fixes: ${advice}.`,
    };
  }
  if (daysLeft <= SOON_DAYS) {
    return {
      line: `${line}, security fixes until ${end})`,
      warning: `Warning: Node.js ${major} reaches its end of life on ${end}, in ${daysLeft} days: ${advice}.`,
    };
  }
  return { line: `${line}, security fixes until ${end})`, warning: null };
}
