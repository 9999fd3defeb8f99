import { describe, expect, it } from 'vitest';
import { csvLine } from './csv';

describe('csvLine', () => {
  it('ends with CRLF and quotes only cells that need it, doubling quotes', () => {
    expect(csvLine(['Ana', 'Str. "Mare", 5', 'a\nb', 12.5])).toBe('Ana,"Str. ""Mare"", 5","a\nb",12.5\r\n');
  });

  it('neutralises cells that a spreadsheet would run as a formula', () => {
    expect(csvLine(['=HYPERLINK("http://x")', '+40712345678', '-1', '@SUM(A1)', '\tx', 'a=b'])).toBe(
      `"'=HYPERLINK(""http://x"")",'+40712345678,'-1,'@SUM(A1),'\tx,a=b\r\n`,
    );
  });

  it('keeps Romanian letters as they are', () => {
    expect(csvLine(['Ștefan Țăranu', 'Brașov'])).toBe('Ștefan Țăranu,Brașov\r\n');
  });
});
