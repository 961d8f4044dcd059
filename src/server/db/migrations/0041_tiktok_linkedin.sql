-- Issue 36, TikTok (docs/channels/tiktok.md): a TikTok business account's access token lasts a day and is renewed with
-- its refresh token (a year), kept encrypted beside it under the same key; refresh_expires_at says when it runs out.
alter table connections add column refresh_token text;
alter table connections add column refresh_expires_at timestamptz;
