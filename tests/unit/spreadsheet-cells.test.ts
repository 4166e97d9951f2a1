/** @jest-environment node */
import { csvTextField, formulaSafe, fromFormulaSafe } from '@/lib/spreadsheet-cells';

/** The one rule of every spreadsheet the shop writes (lib/spreadsheet-cells). */
describe('formula-safe spreadsheet cells', () => {
  it('puts a quote before a text a spreadsheet would run as a formula, tab and carriage return included', () => {
    for (const text of ['=1+1', '+351 22 000 0000', '-2+3+cmd|\' /C calc\'!A0', '@SUM(A1)', '\t=1+1', '\r=1+1', '-', "'=já citado", "''+x"]) {
      expect(formulaSafe(text)).toBe(`'${text}`);
    }
  });

  it('leaves ordinary texts and plain numbers as they are', () => {
    for (const text of ['Tubo multicamada', '', "d'água", "'texto com plica", '12,50', '-1,5000', '-3', '+7', '0.25', 'A=1']) {
      expect(formulaSafe(text)).toBe(text);
    }
  });

  it('is undone exactly by fromFormulaSafe, whatever the text', () => {
    const texts = ['=1+1', "'=1+1", "''=1+1", "'", "''", "'abc", 'abc', '-', '-1,5', '\tx', "'\tx", '@', "'@x", '+', '', 'x=y'];
    for (const text of texts) expect(fromFormulaSafe(formulaSafe(text))).toBe(text);
    // A file written by hand keeps its texts (a quote before an ordinary character is kept).
    expect(fromFormulaSafe("'abc")).toBe("'abc");
  });

  it('quotes a CSV field when needed, after making it formula-safe', () => {
    expect(csvTextField('=HYPERLINK("http://x";"y")')).toBe('"\'=HYPERLINK(""http://x"";""y"")"');
    expect(csvTextField('Válvula; latão')).toBe('"Válvula; latão"');
    expect(csvTextField(null)).toBe('');
  });
});
