import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { restOnOffer, stockNoticeText } from '../src/lib/commerce/stock-text';

/** What the shop says of live stock, without a browser (docs/stock.md). 1 December 2026 is a Tuesday. */
describe('stock notice text', () => {
  test('few left, none left with and without a date it is back', () => {
    assert.equal(stockNoticeText({ deliveryDate: '2026-12-01', available: 6, backOn: null }), 'Only 6 left for Tue');
    assert.equal(stockNoticeText({ deliveryDate: '2026-12-01', available: 0, backOn: '2026-12-03' }), 'Out of stock for Tue — back on Thu 3 Dec');
    assert.equal(stockNoticeText({ deliveryDate: '2026-12-01', available: 0, backOn: null }), 'Out of stock for Tue');
  });

  test('the rest is offered only when some are left and fewer than the line wants', () => {
    assert.equal(restOnOffer({ deliveryDate: '2026-12-01', available: 6, backOn: null }, 10), 6);
    assert.equal(restOnOffer({ deliveryDate: '2026-12-01', available: 6, backOn: null }, 6), undefined);
    assert.equal(restOnOffer({ deliveryDate: '2026-12-01', available: 0, backOn: null }, 3), undefined);
    assert.equal(restOnOffer(undefined, 3), undefined);
  });
});
