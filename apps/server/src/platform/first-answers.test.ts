import { describe, expect, it } from 'vitest';
import { firstAnswers, isFirstAnswer } from '@ahente/contract/first-answers';
import * as firstSchemas from '@ahente/contract/first-schemas';
import { routes } from '@ahente/contract/routes';
import { sessionUser } from '@ahente/contract/session';

/**
 * The web app parses the first screens' answers with schemas loaded without the route table
 * (contract/first-answers.ts, decision 014): each must be the very object the route table answers
 * with, so that the server's serializer and the page's parser never hold two definitions.
 */
describe('first answers', () => {
  const names = Object.keys(firstAnswers) as (keyof typeof firstAnswers)[];

  it.each(names)('%s: the route table’s own 200 schema', (name) => {
    expect(firstAnswers[name](firstSchemas)).toBe(routes[name].responses[200]);
  });

  it('the session’s schema, which the web app builds alone before its first render, is the route table’s own', () => {
    expect(sessionUser).toBe(routes.me.responses[200]);
    expect(sessionUser).toBe(routes.login.responses[200]);
  });

  it('knows its routes and no others', () => {
    expect(names.every(isFirstAnswer)).toBe(true);
    expect(isFirstAnswer('addDeal')).toBe(false);
    expect(isFirstAnswer('toString')).toBe(false);
  });
});
