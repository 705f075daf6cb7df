import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { formSchemaFor } from './form-schema';

describe('formSchemaFor', () => {
  const schema = z.object({ amount: z.coerce.number().positive('Amount must be more than 0'), note: z.string().optional() });
  const form = formSchemaFor<{ amount: string; note: string }>()(schema);

  it("parses the form's values as the schema does", () => {
    expect(form.parse({ amount: '12.5', note: 'hi' })).toEqual({ amount: 12.5, note: 'hi' });
  });

  it("refuses with the schema's own messages and paths", () => {
    const result = form.safeParse({ amount: '-1', note: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['amount', 'Amount must be more than 0']]);
  });
});
