import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, toCsv } from './csv';

describe('the console’s CSV export', () => {
  it('quotes commas, quotes and line breaks, and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
  });

  it('keeps a spreadsheet from reading a field as a formula, but not a negative number', () => {
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('-250.50')).toBe('-250.50');
    expect(csvField('-1,0')).toBe(`"'-1,0"`);
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['name', 'note'],
        [
          ['ravi', 'a, b'],
          ['सीता', ''],
        ],
      ),
    ).toBe('name,note\r\nravi,"a, b"\r\nसीता,\r\n');
  });

  it('names the file after the table and the day', () => {
    expect(csvFileName('Withdrawal queue', new Date('2026-11-26T10:00:00Z'))).toBe('withdrawal-queue-2026-11-26.csv');
  });
});
