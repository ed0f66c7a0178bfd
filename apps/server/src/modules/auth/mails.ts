import type { Mail } from '../../platform/mail/mailer.js';

/** Mail bodies: plain text plus simple HTML, with the product name, the code or link, and its expiry. */

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(title: string, paragraphs: string[], extra: { code?: string; link?: string } = {}): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const link = extra.link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(extra.link)}" style="background:#0284c7;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block">Choose a new password</a></p><p style="font-size:12px;color:#64748b;word-break:break-all">${escapeHtml(extra.link)}</p>`
    : '';
  const code = extra.code
    ? `<p style="font-size:28px;letter-spacing:6px;font-weight:700;margin:8px 0 24px;color:#0c4a6e">${escapeHtml(extra.code)}</p>`
    : link;
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;background:#f1f5f9;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px;border:1px solid #e2e8f0">
<p style="font-weight:700;color:#0369a1;margin:0 0 24px">✈ SkyDesk</p><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${code}${body}<p style="color:#64748b;font-size:12px;margin:24px 0 0">SkyDesk — the flight booking portal for travel agencies.</p></div></body></html>`;
}

export function verificationCodeMail(options: {
  to: string;
  name: string;
  code: string;
  minutes: number;
  purpose: 'email_verification' | 'login';
}): Mail {
  const action = options.purpose === 'login' ? 'finish signing in' : 'verify your e-mail address';
  const subject = options.purpose === 'login' ? 'Your SkyDesk sign-in code' : 'Verify your SkyDesk account';
  const lines = [
    `Hello ${options.name},`,
    `Use this code to ${action}. It expires in ${options.minutes} minutes and works once.`,
    'If you did not ask for it, you can ignore this e-mail.',
  ];
  return {
    to: options.to,
    subject,
    text: `SkyDesk\n\n${lines[0]}\n\nYour code: ${options.code}\n\n${lines[1]}\n${lines[2]}\n`,
    html: layout(subject, lines, { code: options.code }),
  };
}

export function passwordResetMail(options: {
  to: string;
  name: string;
  link: string;
  minutes: number;
}): Mail {
  const subject = 'Reset your SkyDesk password';
  const lines = [
    `Hello ${options.name},`,
    `Open this link to choose a new password. It expires in ${options.minutes} minutes and works once:`,
    options.link,
    'If you did not ask for a reset, ignore this e-mail: your password stays as it is.',
  ];
  return {
    to: options.to,
    subject,
    text: `SkyDesk\n\n${lines.join('\n\n')}\n`,
    html: layout(subject, [lines[0]!, lines[1]!, lines[3]!], { link: options.link }),
  };
}
