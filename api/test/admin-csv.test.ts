import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvRecords } from '../src/admin/imports/csv';

const cellsOf = (text: string) =>
  [...csvRecords(text)].map((record) => {
    assert.ok('cells' in record, JSON.stringify(record));
    return [record.line, record.cells];
  });

describe('csvRecords (RFC 4180)', () => {
  it('reads CRLF and LF lines, and semicolon files', () => {
    assert.deepEqual(cellsOf('a,b\r\n1,2\n'), [[1, ['a', 'b']], [2, ['1', '2']]]);
    assert.deepEqual(cellsOf('a;b\n1;2'), [[1, ['a', 'b']], [2, ['1', '2']]]);
  });

  it('reads quoted fields with separators, doubled quotes and line breaks, and counts lines through them', () => {
    assert.deepEqual(cellsOf('"x,y","he said ""hi""",z\n"multi\nline",2,3\n\n4,5,6'), [
      [1, ['x,y', 'he said "hi"', 'z']],
      [2, ['multi\nline', '2', '3']],
      [5, ['4', '5', '6']],
    ]);
  });

  it('keeps empty cells and skips blank lines', () => {
    assert.deepEqual(cellsOf('a,,c\n\n,,\n'), [[1, ['a', '', 'c']], [3, ['', '', '']]]);
  });

  it('names the line of a quote that is never closed', () => {
    assert.deepEqual([...csvRecords('a,b\n"open,1\n')], [{ line: 1, cells: ['a', 'b'] }, { line: 2, reason: 'A quoted field is never closed (a " is missing)' }]);
  });
});
