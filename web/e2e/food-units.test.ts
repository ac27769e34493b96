import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FoodMarks } from '../src/lib/food/food-schemas';
import { allergenRows, compactAllergenTexts, NOT_SUPPLIED, nutritionBasisText, nutritionRows, specificationSheetHref } from '../src/lib/food/food-text';

/** The words food information is shown in (docs/food-information.md), without a browser. */
const marks = (over: Partial<FoodMarks>): FoodMarks => ({ contains: [], mayContain: [], free: [], dietary: [], ...over });

describe('compact marks', () => {
  test('say what a product contains and may contain, in the order given, in sentence words', () => {
    assert.deepEqual(compactAllergenTexts(marks({ contains: ['eggs', 'milk'], mayContain: ['treeNuts'], free: ['peanuts'] })), [
      'Contains: eggs, milk',
      'May contain: tree nuts',
    ]);
  });

  test('a product with no allergen supplied says so, never nothing', () => {
    assert.deepEqual(compactAllergenTexts(marks({ dietary: ['vegan'] })), [`Allergens: ${NOT_SUPPLIED}`]);
  });

  test('a product free of all it was asked about shows no allergen line', () => {
    assert.deepEqual(compactAllergenTexts(marks({ free: ['milk', 'peanuts'] })), []);
  });
});

describe('allergen table', () => {
  test('all 14 in label order; an allergen in no list is "Not supplied — ask us", not free from', () => {
    const rows = allergenRows(marks({ contains: ['milk'], mayContain: ['treeNuts'], free: ['peanuts', 'gluten'] }));
    assert.equal(rows.length, 14);
    assert.deepEqual(
      rows.map((row) => `${row.name}: ${row.status}`),
      [
        'Celery: Not supplied — ask us',
        'Cereals containing gluten: Free from',
        'Crustaceans: Not supplied — ask us',
        'Eggs: Not supplied — ask us',
        'Fish: Not supplied — ask us',
        'Lupin: Not supplied — ask us',
        'Milk: Contains',
        'Molluscs: Not supplied — ask us',
        'Mustard: Not supplied — ask us',
        'Tree nuts: May contain',
        'Peanuts: Free from',
        'Sesame: Not supplied — ask us',
        'Soya: Not supplied — ask us',
        'Sulphur dioxide and sulphites: Not supplied — ask us',
      ],
    );
  });
});

describe('nutrition', () => {
  test('rows as a label reads them: energy in kJ and kcal, grams to one place, salt to two', () => {
    const rows = nutritionRows({ basis: '100ml', energyKj: 1046.4, energyKcal: 250, fat: 20.04, saturates: 12.55, carbohydrate: 1, sugars: 0.96, protein: 3.2, salt: 0.125 });
    assert.deepEqual(
      rows.map((row) => [row.label, row.value, row.sub]),
      [
        ['Energy', '1,046 kJ / 250 kcal', false],
        ['Fat', '20 g', false],
        ['of which saturates', '12.6 g', true],
        ['Carbohydrate', '1 g', false],
        ['of which sugars', '1 g', true],
        ['Protein', '3.2 g', false],
        ['Salt', '0.13 g', false],
      ],
    );
    assert.equal(nutritionBasisText('100ml'), 'Per 100 ml');
    assert.equal(nutritionBasisText('100g'), 'Per 100 g');
  });
});

test("the specification sheet is the storefront's own address under the product", () => {
  assert.equal(specificationSheetHref('100 01'), '/product/100%2001/specification.pdf');
});
