import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { allergenList, avoidQuestion, avoidsSentence, avoidWarnings } from '../src/components/food/allergen-profile-words';

/** The allergen profile's words that need no browser (docs/food-information.md). */
describe('allergen profile words', () => {
  const marks = { contains: ['milk', 'peanuts'] as const, mayContain: ['sesame'] as const };
  const site = { siteName: 'Harbour Café – Quayside', avoids: ['sesame', 'peanuts', 'celery'] as ('sesame' | 'peanuts' | 'celery')[] };

  test('the warnings name what the product holds of what the site avoids, in label order, and nothing without a profile', () => {
    assert.deepEqual(avoidWarnings({ contains: [...marks.contains], mayContain: [...marks.mayContain] }, site), [
      'Contains peanuts — Harbour Café – Quayside avoids it',
      'May contain sesame — Harbour Café – Quayside avoids it',
    ]);
    assert.deepEqual(avoidWarnings({ contains: ['milk'], mayContain: [] }, site), []);
    assert.deepEqual(avoidWarnings({ contains: ['peanuts'], mayContain: [] }, undefined), []);
  });

  test('the confirm step asks in one sentence', () => {
    assert.equal(avoidQuestion(['Contains peanuts — Harbour Café – Quayside avoids it']), 'Contains peanuts — Harbour Café – Quayside avoids it. Add it anyway?');
  });

  test('the saved message lists the allergens as a sentence does', () => {
    assert.equal(allergenList(['peanuts']), 'peanuts');
    assert.equal(allergenList(['milk', 'treeNuts']), 'milk and tree nuts');
    assert.equal(allergenList(['celery', 'milk', 'peanuts']), 'celery, milk and peanuts');
    assert.equal(avoidsSentence('Quayside', ['milk', 'peanuts']), 'Quayside avoids milk and peanuts.');
    assert.equal(avoidsSentence('Quayside', []), 'Quayside avoids none of the 14 allergens.');
  });
});
