import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ALLERGENS, DIETARY_FLAGS } from '../src/food-info/allergens';
import { foodMarkBits, foodMarks } from '../src/food-info/food-marks';

const subset = <T extends string>(values: readonly T[]) => fc.subarray([...values]);
/** The answer's form: an empty list is left out. */
const answer = (lists: Record<string, readonly string[]>) => Object.fromEntries(Object.entries(lists).filter(([, list]) => list.length > 0));

describe('food marks as one number', () => {
  it('reads back any lists in label order, the highest bits included', () => {
    fc.assert(
      fc.property(subset(ALLERGENS), subset(ALLERGENS), subset(ALLERGENS), subset(DIETARY_FLAGS), (contains, mayContain, free, dietary) => {
        // Lists a writer keeps apart; an allergen declared twice would be read as the first list that holds it.
        const mayOnly = mayContain.filter((allergen) => !contains.includes(allergen));
        const freeOnly = free.filter((allergen) => !contains.includes(allergen) && !mayOnly.includes(allergen));
        const notSupplied = ALLERGENS.filter((allergen) => ![...contains, ...mayOnly, ...freeOnly].includes(allergen));
        assert.deepEqual(foodMarks(foodMarkBits({ contains, mayContain: mayOnly, free: freeOnly, dietary })), answer({ contains, mayContain: mayOnly, notSupplied, dietary }));
      }),
    );
    assert.deepEqual(foodMarks(foodMarkBits({ mayContain: ['sulphites'], dietary: ['organic'] })), { mayContain: ['sulphites'], notSupplied: ALLERGENS.filter((allergen) => allergen !== 'sulphites'), dietary: ['organic'] });
  });

  it('is "not supplied" for nothing, and one shared answer for the same number', () => {
    assert.deepEqual(foodMarks(0), { notSupplied: ALLERGENS });
    assert.deepEqual(foodMarks(foodMarkBits({ free: [...ALLERGENS] })), {}, 'free of every allergen, no diet: every list empty');
    assert.equal(foodMarks(foodMarkBits({ contains: ['milk'] })), foodMarks(foodMarkBits({ contains: ['milk'] })));
    assert.throws(() => (foodMarks(1).contains as string[]).push('fish'));
  });
});
