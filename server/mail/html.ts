import 'server-only';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface MailBlockParagraph {
  kind: 'p';
  text: string;
}
export interface MailBlockButton {
  kind: 'button';
  label: string;
  url: string;
}
/** Label/value rows (contact details); values keep their line breaks. */
export interface MailBlockFields {
  kind: 'fields';
  rows: { label: string; value: string }[];
}
export interface MailBlockQuote {
  kind: 'quote';
  text: string;
}
export type MailBlock = MailBlockParagraph | MailBlockButton | MailBlockFields | MailBlockQuote;

export interface MailLayout {
  /** Heading inside the mail (also the document title). */
  title: string;
  blocks: MailBlock[];
  /** Small print at the bottom: shop identity, unsubscribe link. */
  footer: { text: string; link?: { label: string; url: string } }[];
}

function multiline(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

/**
 * A plain, table-free HTML mail (inline styles only: mail clients ignore style sheets) and the
 * matching text version, from the same blocks, so both always say the same thing.
 */
export function renderMail(layout: MailLayout): { html: string; text: string } {
  const body = layout.blocks
    .map((b) => {
      switch (b.kind) {
        case 'p':
          return `<p style="margin:0 0 16px;line-height:1.5">${multiline(b.text)}</p>`;
        case 'button':
          return `<p style="margin:24px 0"><a href="${escapeHtml(b.url)}" style="display:inline-block;background:#0369a1;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(b.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#475569;word-break:break-all">${escapeHtml(b.url)}</p>`;
        case 'fields':
          return `<dl style="margin:0 0 16px">${b.rows
            .map(
              (r) =>
                `<dt style="font-weight:600;margin-top:8px">${escapeHtml(r.label)}</dt><dd style="margin:0">${multiline(r.value)}</dd>`,
            )
            .join('')}</dl>`;
        case 'quote':
          return `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #cbd5e1;color:#334155">${multiline(b.text)}</blockquote>`;
      }
    })
    .join('\n');
  const footer = layout.footer
    .map(
      (f) =>
        `<p style="margin:0 0 8px">${escapeHtml(f.text)}${
          f.link
            ? ` <a href="${escapeHtml(f.link.url)}" style="color:#0369a1">${escapeHtml(f.link.label)}</a>`
            : ''
        }</p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="pt-PT">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(layout.title)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a;font-size:15px">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(layout.title)}</h1>
${body}
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0 16px">
<div style="font-size:12px;color:#64748b">
${footer}
</div>
</div>
</body>
</html>`;

  const textBlocks = layout.blocks.map((b) => {
    switch (b.kind) {
      case 'p':
        return b.text;
      case 'button':
        return `${b.label}: ${b.url}`;
      case 'fields':
        return b.rows.map((r) => `${r.label}: ${r.value}`).join('\n');
      case 'quote':
        return b.text
          .split(/\r?\n/)
          .map((line) => `> ${line}`)
          .join('\n');
    }
  });
  const textFooter = layout.footer.map((f) =>
    f.link ? `${f.text} ${f.link.label}: ${f.link.url}` : f.text,
  );
  const text =
    [layout.title, '', textBlocks.join('\n\n'), '', '--', ...textFooter].join('\n') + '\n';
  return { html, text };
}

const receivedAt = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Lisbon' });

/** When a form reached the shop, as the staff notice says it (`05/03/26, 09:07`, Lisbon's time). */
export function formatMailDateTime(date: Date): string {
  return receivedAt.format(date);
}
