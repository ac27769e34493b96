import PDFDocument from 'pdfkit';
import { ALLERGENS, ALLERGEN_NAMES, DIETARY_NAMES } from './allergens';
import type { FoodMarks } from './food-marks';
import type { FoodInfoView, Nutrition } from './food-info-view';

/** What a specification sheet shows of the product beside its food information. */
export interface SheetProduct {
  code: string;
  name: string;
  brand: string;
  packSize: string;
  storageText: string;
  shelfLifeDays: number;
  foodMarks: FoodMarks;
  foodInfo?: FoodInfoView;
}

const NOT_SUPPLIED = 'Not supplied — ask us';

function allergenStatus(marks: FoodMarks, allergen: (typeof ALLERGENS)[number]): string {
  if (marks.contains?.includes(allergen)) return 'Contains';
  if (marks.mayContain?.includes(allergen)) return 'May contain';
  if (marks.notSupplied?.includes(allergen)) return NOT_SUPPLIED;
  return 'Free from';
}

const grams = (value: number) => `${value.toFixed(1)} g`;
const NUTRITION_ROWS: { label: string; value: (n: Nutrition) => string }[] = [
  { label: 'Energy', value: (n) => `${n.energyKj} kJ / ${n.energyKcal} kcal` },
  { label: 'Fat', value: (n) => grams(n.fat) },
  { label: '  of which saturates', value: (n) => grams(n.saturates) },
  { label: 'Carbohydrate', value: (n) => grams(n.carbohydrate) },
  { label: '  of which sugars', value: (n) => grams(n.sugars) },
  { label: 'Protein', value: (n) => grams(n.protein) },
  { label: 'Salt', value: (n) => grams(n.salt) },
];

/**
 * A product's specification sheet, as a kitchen files it beside its allergen matrix: the product, how it is
 * kept, its ingredients with the allergens in bold as on the label, all 14 allergens (one not declared says so,
 * never "free"), its diets, nutrition and origin. One A4 page in the standard Helvetica (no font files), like
 * the invoices (invoices/invoice-pdf.ts).
 */
export function renderSpecificationPdf(product: SheetProduct, printedAt: Date): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Specification: ${product.name} (${product.code})`, Author: 'Meadowvale Foods' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const left = 50;
    const heading = (text: string) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(text, left, doc.y).font('Helvetica').fontSize(10);

    doc.font('Helvetica-Bold').fontSize(18).text('Product specification');
    doc.fontSize(14).text(product.name);
    doc.font('Helvetica').fontSize(10).moveDown(0.3);
    doc.text(`Product code: ${product.code}`);
    doc.text(`Brand: ${product.brand}`);
    doc.text(`Pack: ${product.packSize}`);
    doc.text(`Storage: ${product.storageText}; shelf life ${product.shelfLifeDays} days from delivery`);
    if (product.foodInfo?.countryOfOrigin) doc.text(`Country of origin: ${product.foodInfo.countryOfOrigin}`);

    heading('Ingredients');
    const parts = product.foodInfo?.ingredients ?? [];
    if (parts.length === 0) doc.text(NOT_SUPPLIED);
    parts.forEach((part, i) => doc.font(part.emphasis ? 'Helvetica-Bold' : 'Helvetica').text(part.text, { continued: i < parts.length - 1 }));
    doc.font('Helvetica');

    heading('Allergens (the 14 declared under UK food law)');
    for (const allergen of ALLERGENS) {
      const y = doc.y;
      const status = allergenStatus(product.foodMarks, allergen);
      doc.font('Helvetica').text(ALLERGEN_NAMES[allergen], left, y, { width: 250 });
      const after = doc.y;
      doc.font(status === 'Contains' || status === 'May contain' ? 'Helvetica-Bold' : 'Helvetica').text(status, left + 260, y, { width: 230 });
      doc.y = Math.max(after, doc.y);
    }
    doc.font('Helvetica');

    heading('Dietary');
    const dietary = product.foodMarks.dietary ?? [];
    doc.text(dietary.length === 0 ? 'None declared' : dietary.map((flag) => DIETARY_NAMES[flag]).join(', '), left, doc.y);

    const nutrition = product.foodInfo?.nutrition;
    heading(`Nutrition${nutrition ? ` per ${nutrition.basis === '100ml' ? '100 ml' : '100 g'}` : ''}`);
    if (!nutrition) doc.text(NOT_SUPPLIED, left, doc.y);
    else {
      for (const row of NUTRITION_ROWS) {
        const y = doc.y;
        doc.text(row.label, left, y, { width: 250 });
        doc.text(row.value(nutrition), left + 260, y, { width: 230 });
      }
    }

    doc.moveDown(1.5).fontSize(8).fillColor('#555555');
    doc.text(
      `Printed ${printedAt.toISOString().slice(0, 10)} from Meadowvale Foods' product data. Recipes change: always check the label of the product delivered. Questions: 0800 123 4567 · orders@meadowvale.example`,
      left,
      doc.y,
    );
    doc.end();
  });
}
