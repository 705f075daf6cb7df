const t0 = performance.now();
const { form2307Pdf } = await import('./src/features/tax/form2307-pdf.ts');
const imported = performance.now() - t0;
const doc = {
  year: 2026, quarter: 1, months: ['2026-01','2026-02','2026-03'] as [string,string,string],
  payee: { name: 'SANTOS, MARIA CLARA PEÑA', tin: '234-567-890', address: '45 Mabini Street, Quezon City' },
  payor: { name: 'Ahente Insurance Agency, Inc.', tin: '123-456-789-000', address: '12 Ayala Avenue, Makati City', rdo: '050' },
  lines: [{ atc: 'WI070', rate: 5, months: [12345.67, 8000, 0] as [number,number,number], income: 20345.67, tax: 1017.28 },
          { atc: 'WI071', rate: 10, months: [0, 0, 4321.1] as [number,number,number], income: 4321.1, tax: 432.11 }],
  totals: { months: [12345.67, 8000, 4321.1] as [number,number,number], income: 24666.77, tax: 1449.39 },
  issuedOn: '2026-04-15',
};
const s = performance.now(); await form2307Pdf(doc); const first = performance.now() - s;
const t: number[] = [];
for (let i = 0; i < 200; i++) { const a = performance.now(); await form2307Pdf(doc); t.push(performance.now() - a); }
t.sort((a, b) => a - b);
console.log(`import+fonts ${imported.toFixed(0)} ms; first ${first.toFixed(1)} ms; then median ${t[100]!.toFixed(1)} p95 ${t[190]!.toFixed(1)} max ${t[199]!.toFixed(1)} ms`);
