import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ALLERGENS, type Allergen, type FoodMarks } from '../src/lib/food/food-schemas';
import { allergenRows, compactAllergenTexts, markTexts, NOT_SUPPLIED, nutritionBasisText, nutritionRows, specificationSheetHref } from '../src/lib/food/food-text';

/** The words food information is shown in (docs/food-information.md), without a browser. */
/** Marks as the API answers them, from the lists a supplier declared: an allergen in none was not supplied. */
const marks = ({ contains = [], mayContain = [], free = [], dietary = [] }: Partial<Omit<FoodMarks, 'notSupplied'>> & { free?: Allergen[] }): FoodMarks => ({
  contains,
  mayContain,
  notSupplied: ALLERGENS.filter((allergen) => ![...contains, ...mayContain, ...free].includes(allergen)),
  dietary,
});

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

describe('mark texts', () => {
  test("the site's warnings first, then dietary names and allergen lines; no warnings without a profile", () => {
    const cake = marks({ contains: ['eggs', 'milk'], mayContain: ['peanuts'], dietary: ['vegetarian', 'halal'] });
    assert.deepEqual(markTexts(cake, { siteName: 'Quayside', avoids: ['peanuts', 'milk', 'fish'] }), {
      warnings: ['Contains milk — Quayside avoids it', 'May contain peanuts — Quayside avoids it'],
      dietary: ['Vegetarian', 'Halal'],
      allergens: ['Contains: eggs, milk', 'May contain: peanuts'],
    });
    assert.deepEqual(markTexts(cake).warnings, []);
    assert.deepEqual(markTexts(marks({}), { siteName: 'Quayside', avoids: ['peanuts'] }).warnings, []);
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
