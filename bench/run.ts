/**
 * `npm run bench`: every server-side benchmark in turn, then the browser benchmarks (deals table
 * render, 10,000-sale export; they need `npm run build` first). See bench/README.md.
 */
import { runBrowserBench } from './browser.ts';
import { commissionsOptions, runCommissionsBench } from './commissions.ts';
import { dashboardOptions, runDashboardBench } from './dashboard.ts';
import { runGeoBench } from './geo.ts';
import { ratioLine, runGetdealsBench } from './getdeals.ts';
import { runHierarchyBench } from './hierarchy.ts';
import { pdfOptions, runPdfBench } from './pdf.ts';
import { portfolioOptions, runPortfolioBench } from './portfolio.ts';
import { proposalsOptions, runProposalsBench } from './proposals.ts';
import { runLighthouseBench } from './lighthouse.ts';
import { runPhoneBench } from './phone.ts';

// `npm run bench -- --phone`: only the phone budget (LCP, CLS, JS on an emulated phone, decision 014).
if (process.argv.includes('--quick')) {
  // `npm run bench -- --quick`: getdeals, app against the bare limit, in under a minute; ends with one
  // line `getdeals ratio R (ahente A req/s vs limit B req/s)` (decision 035).
  const result = await runGetdealsBench({ duration: 3, connections: 10, warmup: 1, rounds: 3 });
  console.log(ratioLine(result));
} else if (process.argv.includes('--phone')) {
  await runPhoneBench();
} else if (process.argv.includes('--lighthouse')) {
  // `npm run bench -- --lighthouse [--runs N]`: Lighthouse 13's scores, LCP and TBT on six pages, mobile preset (decision 014).
  const runs = process.argv.indexOf('--runs');
  await runLighthouseBench({ runs: runs >= 0 ? Number(process.argv[runs + 1]) : 1 });
} else if (process.argv.includes('--geo')) {
  // `npm run bench -- --geo`: the PSGC list of the address cascade (decision 015).
  await runGeoBench();
} else if (process.argv.includes('--hierarchy')) {
  // `npm run bench -- --hierarchy`: 100,000 members 30 levels deep on SQLite and PostgreSQL (decision 011).
  await runHierarchyBench();
} else if (process.argv.includes('--commissions')) {
  // `npm run bench -- --commissions [--members N] [--sales N] [--entries N]`: a sale's entries and closing a month (decision 016).
  await runCommissionsBench(commissionsOptions(process.argv.slice(2)));
} else if (process.argv.includes('--dashboard')) {
  // `npm run bench -- --dashboard [--members 10000] [--sales 100000] [--runs 51] [--database sqlite|postgres] [--explain]`:
  // the dashboard's commission summary (heavy, owner, new member; against the gross query before
  // decision 016's net figures) and the admin's queues.
  await runDashboardBench(dashboardOptions(process.argv.slice(2)));
} else if (process.argv.includes('--pdf')) {
  // `npm run bench -- --pdf [--duration 10] [--entries 40] [--database sqlite|postgres] [--baseline REF]`:
  // another agent's getdeals alone and during four agents' statement PDFs in a loop (decision 018).
  await runPdfBench(pdfOptions(process.argv.slice(2)));
} else if (process.argv.includes('--portfolio')) {
  // `npm run bench -- --portfolio [--runs 21] [--policies 300000] [--members 3000] [--database sqlite|postgres]`:
  // the Portfolio's first page over an agency owner's 300,000 policies, and one agent's own (decision 025).
  await runPortfolioBench(portfolioOptions(process.argv.slice(2)));
} else if (process.argv.includes('--proposals')) {
  // `npm run bench -- --proposals [--duration 8] [--connections 4] [--database sqlite|postgres]`:
  // saveproposal and the proposal PDF alone and beside a getdeals load (decision 038).
  await runProposalsBench(proposalsOptions());
} else {
  await runGetdealsBench();
  await runBrowserBench();
}
