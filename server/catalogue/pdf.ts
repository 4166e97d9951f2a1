import 'server-only';

/**
 * A small PDF writer for the generated demo catalogues: A4 pages of text in Helvetica with
 * WinAnsi encoding (covers Portuguese accents). Enough for a real, printable document.
 */
export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  color?: [number, number, number];
  gapBefore?: number;
}

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 50;

function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    const byte = code < 256 ? code : ch === '€' ? 0x80 : ch === '–' ? 0x96 : ch === '—' ? 0x97 : ch === '…' ? 0x85 : 0x3f;
    const c = String.fromCharCode(byte);
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : byte < 32 ? ' ' : c;
  }
  return out;
}

/** Rough Helvetica width: enough to wrap lines inside the margins. */
function wrap(text: string, size: number): string[] {
  const maxChars = Math.floor((PAGE_W - 2 * MARGIN) / (size * 0.5));
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    if ((current + ' ' + word).trim().length > maxChars && current) {
      lines.push(current);
      current = word;
    } else current = `${current} ${word}`.trim();
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
}

export function renderPdf(title: string, content: PdfLine[]): Buffer {
  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE_H - MARGIN;
  let pageNo = 1;
  const footer = () => `BT /F1 8 Tf 0.45 0.45 0.5 rg ${MARGIN} 30 Td (${encode(`${title} — página ${pageNo}`)}) Tj ET`;
  for (const line of content) {
    const size = line.size ?? 10;
    y -= line.gapBefore ?? 0;
    for (const part of wrap(line.text, size)) {
      if (y - size < MARGIN + 20) {
        ops.push(footer());
        pages.push(ops.join('\n'));
        ops = [];
        y = PAGE_H - MARGIN;
        pageNo++;
      }
      y -= size * 1.35;
      const [r, g, b] = line.color ?? [0.1, 0.12, 0.16];
      ops.push(`BT /${line.bold ? 'F2' : 'F1'} ${size} Tf ${r} ${g} ${b} rg ${MARGIN} ${y.toFixed(2)} Td (${encode(part)}) Tj ET`);
    }
  }
  ops.push(footer());
  pages.push(ops.join('\n'));

  const objects: string[] = [];
  const add = (body: string) => objects.push(body) && objects.length;
  const catalogId = add('');
  const pagesId = add('');
  const fontId = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const boldId = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const infoId = add(`<< /Title (${encode(title)}) /Producer (Casa das Aguas de Gaia) >>`);
  const pageIds: number[] = [];
  for (const stream of pages) {
    const bytes = Buffer.from(stream, 'latin1');
    const contentId = add(`<< /Length ${bytes.length} >>\nstream\n${stream}\nendstream`);
    pageIds.push(
      add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 ${fontId} 0 R /F2 ${boldId} 0 R >> >> /Contents ${contentId} 0 R >>`),
    );
  }
  objects[catalogId - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R /Lang (pt-PT) >>`;
  objects[pagesId - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalogId} 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
