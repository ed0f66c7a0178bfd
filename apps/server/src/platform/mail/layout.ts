/**
 * The HTML around a mail's text, as the sign-in mails look (modules/auth/mails.ts): the product
 * name, a title, paragraphs and an optional button link (its address written out below it).
 */

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function mailLayout(
  title: string,
  paragraphs: readonly string[],
  options: {
    link?: { href: string; label: string };
    /** Small print under the rest (why the mail came, how to stop it). */
    footnote?: string;
  } = {},
): string {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(p)}</p>`)
    .join('');
  const link = options.link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(options.link.href)}" style="background:#0284c7;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(options.link.label)}</a></p><p style="font-size:12px;color:#64748b;word-break:break-all">${escapeHtml(options.link.href)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;background:#f1f5f9;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px;border:1px solid #e2e8f0">
<p style="font-weight:700;color:#0369a1;margin:0 0 24px">✈ SkyDesk</p><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}${link}${options.footnote ? `<p style="color:#64748b;font-size:12px;margin:16px 0 0">${escapeHtml(options.footnote)}</p>` : ''}<p style="color:#64748b;font-size:12px;margin:24px 0 0">SkyDesk — the flight booking portal for travel agencies.</p></div></body></html>`;
}
