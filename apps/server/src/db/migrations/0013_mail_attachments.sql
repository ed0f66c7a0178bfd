-- Files sent with a mail (the e-ticket PDF), kept in the dev outbox as the SMTP transport would
-- have attached them: [{ "filename", "content_type", "content_base64" }]. Older mails have none.
alter table mail_outbox add column attachments jsonb not null default '[]'::jsonb;
